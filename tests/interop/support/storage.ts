import {
  type AgentContext,
  type BaseRecord,
  type BaseRecordConstructor,
  JsonTransformer,
  type Query,
  type QueryOptions,
  RecordDuplicateError,
  RecordNotFoundError,
  type StorageService,
  type TagsBase,
} from '@credo-ts/core';

/** One stored record: its JSON value and its tags, as a database row would hold them. */
interface Row {
  type: string;
  value: Record<string, unknown>;
  tags: TagsBase;
}

// biome-ignore lint/suspicious/noExplicitAny: Credo's own StorageService signature is generic over any record
type AnyRecord = BaseRecord<any, any, any>;

/**
 * Credo's `StorageService` over a `Map` per agent context (Credo publishes no in-memory storage).
 * Records are kept as JSON, so a caller never shares an object with the store, as with a database.
 */
export class MapStorageService<T extends AnyRecord = AnyRecord> implements StorageService<T> {
  readonly #contexts = new Map<string, Map<string, Row>>();

  #rows(agentContext: AgentContext): Map<string, Row> {
    const id = agentContext.contextCorrelationId;
    let rows = this.#contexts.get(id);
    if (!rows) {
      rows = new Map();
      this.#contexts.set(id, rows);
    }
    return rows;
  }

  #key(type: string, id: string): string {
    return `${type}:${id}`;
  }

  #toRow(record: T): Row {
    const type = (record.constructor as BaseRecordConstructor<T>).type;
    return { type, value: JsonTransformer.toJSON(record), tags: record.getTags() as TagsBase };
  }

  #fromRow(recordClass: BaseRecordConstructor<T>, row: Row): T {
    const record = JsonTransformer.fromJSON(row.value, recordClass);
    record.replaceTags({ ...row.tags });
    return record;
  }

  async save(agentContext: AgentContext, record: T): Promise<void> {
    record.updatedAt = new Date();
    const row = this.#toRow(record);
    const rows = this.#rows(agentContext);
    const key = this.#key(row.type, record.id);
    if (rows.has(key)) {
      throw new RecordDuplicateError(`record with id ${record.id} already exists`, { recordType: row.type });
    }
    rows.set(key, row);
  }

  async update(agentContext: AgentContext, record: T): Promise<void> {
    record.updatedAt = new Date();
    const row = this.#toRow(record);
    const rows = this.#rows(agentContext);
    const key = this.#key(row.type, record.id);
    if (!rows.has(key)) {
      throw new RecordNotFoundError(`record with id ${record.id} not found.`, { recordType: row.type });
    }
    rows.set(key, row);
  }

  async delete(agentContext: AgentContext, record: T): Promise<void> {
    await this.deleteById(agentContext, record.constructor as BaseRecordConstructor<T>, record.id);
  }

  async deleteById(
    agentContext: AgentContext,
    recordClass: BaseRecordConstructor<T>,
    id: string,
  ): Promise<void> {
    if (!this.#rows(agentContext).delete(this.#key(recordClass.type, id))) {
      throw new RecordNotFoundError(`record with id ${id} not found.`, { recordType: recordClass.type });
    }
  }

  async getById(agentContext: AgentContext, recordClass: BaseRecordConstructor<T>, id: string): Promise<T> {
    const row = this.#rows(agentContext).get(this.#key(recordClass.type, id));
    if (!row) {
      throw new RecordNotFoundError(`record with id ${id} not found.`, { recordType: recordClass.type });
    }
    return this.#fromRow(recordClass, row);
  }

  async getAll(agentContext: AgentContext, recordClass: BaseRecordConstructor<T>): Promise<T[]> {
    return this.findByQuery(agentContext, recordClass, {});
  }

  async findByQuery(
    agentContext: AgentContext,
    recordClass: BaseRecordConstructor<T>,
    query: Query<T>,
    queryOptions?: QueryOptions,
  ): Promise<T[]> {
    const found: T[] = [];
    for (const row of this.#rows(agentContext).values()) {
      if (row.type === recordClass.type && matches(row.tags, query as Query<AnyRecord>)) {
        found.push(this.#fromRow(recordClass, row));
      }
    }
    const offset = queryOptions?.offset ?? 0;
    return found.slice(offset, queryOptions?.limit === undefined ? undefined : offset + queryOptions.limit);
  }
}

/** Credo's tag query semantics: every simple tag must match; `$and`, `$or`, `$not` combine queries. */
function matches(tags: TagsBase, query: Query<AnyRecord>): boolean {
  const { $and, $or, $not, ...simple } = query as {
    $and?: Query<AnyRecord>[];
    $or?: Query<AnyRecord>[];
    $not?: Query<AnyRecord>;
  } & TagsBase;
  if ($and && !$and.every((sub) => matches(tags, sub))) return false;
  if ($or && !$or.some((sub) => matches(tags, sub))) return false;
  if ($not && matches(tags, $not)) return false;
  return Object.entries(simple).every(([name, wanted]) => tagMatches(tags[name], wanted));
}

function tagMatches(actual: unknown, wanted: unknown): boolean {
  if (wanted === undefined) return true;
  if (wanted === null) return actual === undefined || actual === null;
  if (Array.isArray(wanted)) {
    // An array tag matches when the record's array holds every wanted value.
    return Array.isArray(actual) && wanted.every((value) => actual.includes(value));
  }
  return actual === wanted;
}
