import type { AgentClient } from '@credential-agent/sdk';
import type { ConfigStore } from './config-file.js';
import type { GivenInput } from './field-names.js';
import type { CliIO } from './io.js';
import { inquirerPrompter, type Prompter } from './prompter.js';
import { DEFAULT_GLOBALS, type GlobalOptions } from './root-options.js';
import type { Settings } from './run-settings.js';
import { Secrets } from './secrets.js';
import { noSpinner, oraSpinner, type Spinner } from './spinner.js';
import { colourWanted, loadColourStyle, plainStyle, type Style } from './style.js';

/** The environment variables, as given to the run. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Options of {@link CliContext.sdk}. */
export interface SdkOptions {
  /** Signing in: keep the token in the profile even when `AGENT_CLI_TOKEN` is set. */
  profileToken?: boolean;
}

/**
 * Everything a command may use, injected so that commands run in-process in tests. Heavy parts
 * (config file, SDK, prompts, spinner, colours) load on first use, so `--help` loads none of them.
 */
export interface CliContext {
  readonly io: CliIO;
  readonly env: Env;
  readonly prompter: Prompter;
  /** Fires on Ctrl-C; passed to every SDK call and prompt. */
  readonly signal: AbortSignal;
  /** Secrets of this run, scrubbed from verbose output and error messages. */
  readonly secrets: Secrets;
  /** The root options; set once they are parsed. */
  readonly globals: GlobalOptions;
  /** Styles for human output (plain unless colour is wanted). */
  readonly style: Style;
  /** Shows a spinner on stderr while a task runs (terminals only). */
  readonly spinner: Spinner;
  /** True when prompts are allowed: stdin is a terminal, and stderr or the controlling terminal can show them. */
  readonly interactive: boolean;
  /** The flags typed for the command and the `--file` read, to name them in messages. */
  readonly given: GivenInput;
  /** Takes the parsed root options (and what the command was given) and loads colour and spinner support where wanted. */
  applyGlobals(globals: GlobalOptions, given?: GivenInput): Promise<void>;
  config(): Promise<ConfigStore>;
  settings(): Promise<Settings>;
  sdk(options?: SdkOptions): Promise<AgentClient>;
  /** The organisation of an org-scoped command (`--org`, env, profile); a usage error when unset. */
  org(): Promise<string>;
}

/** What a context is made of. `prompter` defaults to @inquirer/prompts on the given streams. */
export interface ContextInit {
  io: CliIO;
  env: Env;
  signal: AbortSignal;
  platform: string;
  prompter?: Prompter;
}

class Context implements CliContext {
  readonly io: CliIO;
  readonly env: Env;
  readonly prompter: Prompter;
  readonly signal: AbortSignal;
  readonly secrets = new Secrets();
  readonly interactive: boolean;
  globals: GlobalOptions = DEFAULT_GLOBALS;
  style: Style = plainStyle;
  spinner: Spinner = noSpinner;
  given: GivenInput = { flags: new Set() };
  readonly #platform: string;
  #config: Promise<ConfigStore> | undefined;

  constructor(init: ContextInit) {
    this.io = init.io;
    this.env = init.env;
    this.signal = init.signal;
    this.#platform = init.platform;
    const output = init.io.promptOutput;
    this.interactive = init.io.stdinIsTTY && output !== undefined;
    this.prompter =
      init.prompter ??
      inquirerPrompter({ input: init.io.stdin, output: output ?? (() => init.io.stderr) }, init.signal);
    this.secrets.add(init.env['AGENT_CLI_TOKEN']);
    this.secrets.add(init.env['AGENT_CLI_PASSWORD']);
  }

  async applyGlobals(globals: GlobalOptions, given: GivenInput = { flags: new Set() }): Promise<void> {
    this.globals = globals;
    this.given = { ...this.given, ...given };
    const { io, env } = this;
    const { stdoutIsTTY, stderrIsTTY } = io;
    const colour = colourWanted({ color: globals.color, env, stdoutIsTTY, stderrIsTTY });
    this.style = { ...(colour ? await loadColourStyle() : plainStyle), width: io.columns };
    if (this.interactive && io.stderrIsTTY) this.spinner = oraSpinner(io.stderr);
  }

  config(): Promise<ConfigStore> {
    this.#config ??= import('./config-file.js').then((m) =>
      m.openConfig(m.configPlace(this.env, this.#platform)),
    );
    return this.#config;
  }

  async settings(): Promise<Settings> {
    const [config, { profileName, resolveSettings }] = await Promise.all([
      this.config(),
      import('./run-settings.js'),
    ]);
    const name = profileName(this.globals, this.env, config.currentProfile());
    return resolveSettings(this.globals, this.env, name, config.profile(name));
  }

  async sdk(options: SdkOptions = {}): Promise<AgentClient> {
    const [settings, config, { requireBaseUrl, checkBaseUrl }, { createClient }] = await Promise.all([
      this.settings(),
      this.config(),
      import('./run-settings.js'),
      import('./client.js'),
    ]);
    return createClient({
      baseUrl: requireBaseUrl(settings, this.globals.insecure),
      agentUrl:
        settings.agentUrl === undefined
          ? undefined
          : checkBaseUrl(settings.agentUrl, this.globals.insecure, settings.agentUrlName),
      settings: options.profileToken ? { ...settings, envToken: undefined } : settings,
      config,
      signingIn: options.profileToken === true,
      verbose: this.globals.verbose,
      secrets: this.secrets,
      writeErr: (line) => this.io.err(line),
    });
  }

  async org(): Promise<string> {
    const { requireOrg } = await import('./run-settings.js');
    return requireOrg(await this.settings());
  }
}

/** Creates the context of one run. */
export function createContext(init: ContextInit): CliContext {
  return new Context(init);
}
