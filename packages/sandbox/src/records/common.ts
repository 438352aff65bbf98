import { randomUUID } from 'node:crypto';

/** A record's lifecycle fields, as every agent record carries them. */
export interface Timestamps {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** The current time, ISO 8601. */
export function now(): string {
  return new Date().toISOString();
}

/** A fresh `id`, `createdAt` and `updatedAt`. */
export function newRecord(): Timestamps {
  const at = now();
  return { id: randomUUID(), createdAt: at, updatedAt: at };
}

/** A record whose `state` is mirrored in `_tags`, as real agents store them. */
export interface Stateful<S extends string> {
  state: S;
  updatedAt: string;
  _tags: { state: S };
}

/** Moves a record to a new state, keeping `_tags.state` and `updatedAt` in step. */
export function transition<S extends string>(record: Stateful<S>, state: S): void {
  record.state = state;
  record._tags.state = state;
  record.updatedAt = now();
}
