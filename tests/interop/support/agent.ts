import type { AddressInfo } from 'node:net';
import { Agent, ConsoleLogger, DependencyManager, InjectionSymbols, Kms, LogLevel } from '@credo-ts/core';
import {
  DidCommAutoAcceptCredential,
  DidCommAutoAcceptProof,
  DidCommCredentialV2Protocol,
  DidCommDifPresentationExchangeProofFormatService,
  DidCommHttpOutboundTransport,
  DidCommJsonLdCredentialFormatService,
  DidCommModule,
  DidCommProofV2Protocol,
} from '@credo-ts/didcomm';
import { agentDependencies, DidCommHttpInboundTransport } from '@credo-ts/node';
import { EnvelopeKeyManagementService, sodiumReady } from './kms.js';
import { MapStorageService } from './storage.js';

function modules(inbound: DidCommHttpInboundTransport) {
  return {
    kms: new Kms.KeyManagementModule({ backends: [new EnvelopeKeyManagementService()] }),
    didcomm: new DidCommModule({
      transports: { inbound: [inbound], outbound: [new DidCommHttpOutboundTransport()] },
      // credo-controller's agent configuration: connections accepted, exchanges approved on content.
      connections: { autoAcceptConnections: true },
      credentials: {
        autoAcceptCredentials: DidCommAutoAcceptCredential.ContentApproved,
        credentialProtocols: [
          new DidCommCredentialV2Protocol({
            credentialFormats: [new DidCommJsonLdCredentialFormatService()],
          }),
        ],
      },
      proofs: {
        autoAcceptProofs: DidCommAutoAcceptProof.ContentApproved,
        proofProtocols: [
          new DidCommProofV2Protocol({
            proofFormats: [new DidCommDifPresentationExchangeProofFormatService()],
          }),
        ],
      },
      mediator: false,
      mediationRecipient: false,
      messagePickup: false,
    }),
  };
}

/** A Credo agent of the interop suite: its DIDComm modules reached through `agent.didcomm`. */
export type CredoAgent = Agent<ReturnType<typeof modules>>;

/**
 * Starts a real Credo agent that keeps everything in memory and takes DIDComm messages over HTTP
 * on 127.0.0.1 (a free port); its endpoint is known once it listens.
 */
export async function startCredoAgent(): Promise<CredoAgent> {
  await sodiumReady;
  const inbound = new DidCommHttpInboundTransport({ port: 0 });
  const dependencyManager = new DependencyManager();
  dependencyManager.registerInstance(InjectionSymbols.StorageService, new MapStorageService());
  const agent = new Agent(
    {
      config: {
        allowInsecureHttpUrls: true,
        // A fresh in-memory store has no storage version record yet: Credo brings it to the current one.
        autoUpdateStorageOnStartup: true,
        ...(process.env['CREDO_LOG'] ? { logger: new ConsoleLogger(LogLevel.debug) } : {}),
      },
      dependencies: agentDependencies,
      modules: modules(inbound),
    },
    dependencyManager,
  );
  await agent.initialize();
  const address = inbound.server?.address() as AddressInfo | undefined;
  if (!address) throw new Error('the DIDComm inbound transport is not listening');
  const { port } = address;
  agent.didcomm.config.endpoints = [`http://127.0.0.1:${port}`];
  return agent;
}
