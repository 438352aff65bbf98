import type { Transport } from '../core/transport/transport.js';

/** Base of every resource: holds the transport. */
export abstract class Resource {
  // Fields declared and set by the constructor (no field definitions in the bundle; core/errors.ts).
  /** @internal */
  declare protected readonly transport: Transport;
  /** @internal */
  constructor(transport: Transport) {
    this.transport = transport;
  }
}
