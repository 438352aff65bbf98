// The example page of the browser test: the SDK, bundled for the browser, signs in to the sandbox
// (another origin, so CORS is exercised), lists credentials and shows the result in the DOM.
import { AgentClient, AgentError } from '@credential-agent/sdk';

/** Set by the test before the page's scripts run (never in the URL). */
interface PageConfig {
  baseUrl: string;
  email: string;
  password: string;
}

declare global {
  interface Window {
    agentConfig?: PageConfig;
  }
}

function show(id: string, text: string): void {
  const element = document.getElementById(id);
  if (element) element.textContent = text;
}

async function main(config: PageConfig): Promise<void> {
  const agent = new AgentClient({ baseUrl: config.baseUrl });
  await agent.auth.signIn({ email: config.email, password: config.password });
  const session = await agent.auth.session();
  show('status', session && !session.expired ? `Signed in as ${config.email}` : 'Not signed in');
  const records = await agent.credentials.list();
  show('count', `${records.length} credential records`);
}

const config = window.agentConfig;
if (!config) show('status', 'No configuration');
else {
  main(config)
    .catch((error: unknown) => {
      const name = error instanceof AgentError ? error.name : 'Error';
      show('status', `Failed: ${name}: ${error instanceof Error ? error.message : String(error)}`);
    })
    .finally(() => document.body.setAttribute('data-done', 'true'));
}
