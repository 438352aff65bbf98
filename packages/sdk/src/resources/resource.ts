import type { Transport } from '../core/transport.js';

/** Base of every resource: holds the transport. */
export abstract class Resource {
  /** @internal */
  protected readonly transport: Transport;
  /** @internal */
  constructor(transport: Transport) {
    this.transport = transport;
  }
}
