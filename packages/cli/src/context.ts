import type { AgentClient } from '@credential-agent/sdk';
import type { ConfigStore } from './config/file.js';
import type { Settings } from './config/run-settings.js';
import { Secrets } from './config/secrets.js';
import type { GivenInput } from './errors/field-names.js';
import type { GlobalOptions } from './startup/root-options.js';
import type { CliIO } from './terminal/io.js';
import { printable } from './terminal/printable.js';
import { inquirerPrompter, type Prompter } from './terminal/prompter.js';
import { noSpinner, oraSpinner, type Spinner } from './terminal/spinner.js';
import { colourWanted, loadColourStyle, plainStyle, type Style } from './terminal/style.js';

/** The environment variables, as given to the run. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Options of {@link CliContext.sdk}. */
export interface SdkOptions {
  /** Signing in: keep the token in the profile even when `AGENT_CLI_TOKEN` is set (a repair: see {@link SettingsOptions}). */
  profileToken?: boolean;
}

/** Options of {@link CliContext.settings}. */
export interface SettingsOptions {
  /**
   * For commands that repair a profile (login, logout, config set/unset/delete/list): a broken
   * profile gives its valid fields instead of failing.
   */
  repair?: boolean;
}

/** One SDK call of a command: given the client and the run's cancel signal. */
export type SdkCall<T> = (sdk: AgentClient, signal: AbortSignal) => Promise<T>;

/**
 * Everything a command may use, injected so that commands run in-process in tests. Built once per
 * run, with the root options known; nothing in it changes afterwards. Heavy parts (config file,
 * SDK, prompts, spinner) load on first use, so `--help` loads none of them.
 */
export interface CliContext {
  readonly io: CliIO;
  readonly env: Env;
  readonly prompter: Prompter;
  /** Fires on Ctrl-C; passed to every SDK call and prompt. */
  readonly signal: AbortSignal;
  /**
   * For a command that accounts for its work however it stops: the second Ctrl-C (or SIGTERM)
   * fires the returned signal instead of ending the process at once; a third one ends it.
   */
  holdSecondSignal(): AbortSignal | undefined;
  /** Secrets of this run, scrubbed from verbose output and error messages. */
  readonly secrets: Secrets;
  /** The root options of the run. */
  readonly globals: GlobalOptions;
  /** Styles for human output (plain unless colour is wanted). */
  readonly style: Style;
  /** True when prompts are allowed: stdin is a terminal, and stderr or the controlling terminal can show them. */
  readonly interactive: boolean;
  /** The flags typed for the command, its arguments and the `--file` given, to name them in messages. */
  readonly given: GivenInput;
  /** This context for a command that was given `given`. */
  withGiven(given: GivenInput): CliContext;
  config(): Promise<ConfigStore>;
  settings(options?: SettingsOptions): Promise<Settings>;
  /** The SDK client of the run's settings (one per `options`). */
  sdk(options?: SdkOptions): Promise<AgentClient>;
  /** Runs one SDK call with a spinner labelled `label` (terminals only) and the run's signal. */
  call<T>(label: string, task: SdkCall<T>, options?: SdkOptions): Promise<T>;
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
  /** See {@link CliContext.holdSecondSignal}; absent in-process (tests). */
  holdSecondSignal?: () => AbortSignal;
}

/** What every view of one run's context shares. */
interface Run {
  init: ContextInit;
  globals: GlobalOptions;
  style: Style;
  spinner: Spinner;
  prompter: Prompter;
  interactive: boolean;
  secrets: Secrets;
  config?: Promise<ConfigStore>;
  sdk: Map<boolean, Promise<AgentClient>>;
}

const NOTHING_GIVEN: GivenInput = { flags: new Set() };

class Context implements CliContext {
  readonly #run: Run;
  readonly given: GivenInput;

  constructor(run: Run, given: GivenInput) {
    this.#run = run;
    this.given = given;
  }

  get io(): CliIO {
    return this.#run.init.io;
  }
  get env(): Env {
    return this.#run.init.env;
  }
  get signal(): AbortSignal {
    return this.#run.init.signal;
  }
  holdSecondSignal(): AbortSignal | undefined {
    return this.#run.init.holdSecondSignal?.();
  }
  get prompter(): Prompter {
    return this.#run.prompter;
  }
  get secrets(): Secrets {
    return this.#run.secrets;
  }
  get globals(): GlobalOptions {
    return this.#run.globals;
  }
  get style(): Style {
    return this.#run.style;
  }
  get interactive(): boolean {
    return this.#run.interactive;
  }

  withGiven(given: GivenInput): CliContext {
    return new Context(this.#run, given);
  }

  config(): Promise<ConfigStore> {
    this.#run.config ??= import('./config/file.js').then((m) =>
      m.openConfig(m.configPlace(this.env, this.#run.init.platform), (line) =>
        this.io.err(`note: ${printable(line)}`),
      ),
    );
    return this.#run.config;
  }

  async settings(options: SettingsOptions = {}): Promise<Settings> {
    const [config, { profileName, resolveSettings }] = await Promise.all([
      this.config(),
      import('./config/run-settings.js'),
    ]);
    const name = profileName(this.globals, this.env, config.currentProfile());
    const profile = options.repair ? config.salvage(name) : config.profile(name);
    return resolveSettings(this.globals, this.env, name, profile);
  }

  sdk(options: SdkOptions = {}): Promise<AgentClient> {
    const key = options.profileToken === true;
    let client = this.#run.sdk.get(key);
    if (!client) {
      client = this.#createSdk(key);
      this.#run.sdk.set(key, client);
    }
    return client;
  }

  async call<T>(label: string, task: SdkCall<T>, options?: SdkOptions): Promise<T> {
    const sdk = await this.sdk(options);
    return this.#run.spinner(label, () => task(sdk, this.signal));
  }

  async org(): Promise<string> {
    const { requireOrg } = await import('./config/run-settings.js');
    return requireOrg(await this.settings());
  }

  async #createSdk(profileToken: boolean): Promise<AgentClient> {
    const [settings, config, { requireBaseUrl, checkBaseUrl }, { createClient }] = await Promise.all([
      this.settings({ repair: profileToken }),
      this.config(),
      import('./config/run-settings.js'),
      import('./client.js'),
    ]);
    const { verbose } = this.globals;
    const { insecure } = settings;
    return createClient({
      baseUrl: requireBaseUrl(settings),
      agentUrl:
        settings.agentUrl === undefined
          ? undefined
          : checkBaseUrl(settings.agentUrl, insecure, settings.agentUrlName),
      settings: profileToken ? { ...settings, envToken: undefined } : settings,
      config,
      signingIn: profileToken,
      credentials: profileToken ? undefined : envCredentials(this.env),
      verbose,
      secrets: this.secrets,
      writeErr: (line) => this.io.err(line),
      carriedOut: (request) => this.io.carriedOut(this.secrets.scrub(request)),
    });
  }
}

/** `AGENT_CLI_EMAIL` and `AGENT_CLI_PASSWORD` when both are set: the client may sign in with them. */
export function envCredentials(env: Env): { email: string; password: string } | undefined {
  const email = env['AGENT_CLI_EMAIL']?.trim();
  const password = env['AGENT_CLI_PASSWORD'];
  return email && password ? { email, password } : undefined;
}

/**
 * Creates the context of one run from its root options, loading colour and spinner support where
 * they are wanted.
 */
export async function createContext(init: ContextInit, globals: GlobalOptions): Promise<CliContext> {
  const { io, env, signal } = init;
  const output = io.promptOutput;
  const interactive = io.stdinIsTTY && output !== undefined;
  const { stdoutIsTTY, stderrIsTTY } = io;
  const colour = colourWanted({ color: globals.color, env, stdoutIsTTY, stderrIsTTY });
  const secrets = new Secrets();
  secrets.add(env['AGENT_CLI_TOKEN']);
  secrets.add(env['AGENT_CLI_PASSWORD']);
  const style: Style = { ...(colour ? await loadColourStyle() : plainStyle), width: io.columns };
  const run: Run = {
    init,
    globals,
    style,
    spinner: interactive && io.stderrIsTTY ? oraSpinner(io.stderr, colour) : noSpinner,
    prompter:
      init.prompter ??
      inquirerPrompter({ input: () => io.stdin, output: output ?? (() => io.stderr) }, signal, style),
    interactive,
    secrets,
    sdk: new Map(),
  };
  return new Context(run, NOTHING_GIVEN);
}
