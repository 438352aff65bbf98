import { AgentClient } from '@credential-agent/sdk';
import { afterAll, beforeAll } from 'vitest';
import { type CredoAgent, startCredoAgent } from './agent.js';
import { type AgentLine, type Controller, startController } from './controller.js';

/** One side of the story: a real Credo agent behind credo-controller's REST shapes. */
export interface Side {
  agent: CredoAgent;
  controller: Controller;
  /** The SDK as a user configures it for this agent: its URL and its API key. */
  sdk: AgentClient;
}

async function startSide(line: AgentLine, label: string): Promise<Side> {
  const agent = await startCredoAgent();
  const controller = await startController(agent, line, label);
  const sdk = new AgentClient({
    baseUrl: controller.url,
    agent: { baseUrl: controller.url, apiKey: controller.apiKey },
  });
  return { agent, controller, sdk };
}

/**
 * The lines the SDK and CLI stories run on: v2.0 (root routes, the raw key) and v2.1 (the key
 * exchanged at POST /agent/token, DIDComm routes under /didcomm), which the SDK detects itself.
 */
export const STORY_LINES: readonly AgentLine[] = ['2.0', '2.1'];

/** Where a line has the DIDComm routes (oob, credentials, proofs): the root on v2.0, `/didcomm` on v2.1. */
export function didcommPrefix(line: AgentLine): '' | '/didcomm' {
  return line === '2.1' ? '/didcomm' : '';
}

/** An issuer and a holder for the file's tests, started before them and stopped after. */
export function useNetwork(line: AgentLine): () => { issuer: Side; holder: Side } {
  let sides: { issuer: Side; holder: Side } | undefined;
  beforeAll(async () => {
    const [issuer, holder] = await Promise.all([startSide(line, 'Issuer'), startSide(line, 'Holder')]);
    sides = { issuer, holder };
  });
  afterAll(async () => {
    for (const side of sides ? [sides.issuer, sides.holder] : []) {
      await side.controller.close();
      await side.agent.shutdown();
    }
  });
  return () => {
    if (!sides) throw new Error('the agents are not started');
    return sides;
  };
}

/**
 * Asks again until `done` holds for the answer (DIDComm messages travel between the agents in
 * the background); gives up after `tries` asks with the last answer in the message.
 */
export async function until<T>(ask: () => Promise<T>, done: (answer: T) => boolean, tries = 400): Promise<T> {
  let answer = await ask();
  for (let i = 1; i < tries && !done(answer); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    answer = await ask();
  }
  if (!done(answer))
    throw new Error(`still not there after ${tries} asks: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer;
}
