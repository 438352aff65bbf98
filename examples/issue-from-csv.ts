/**
 * E-mails an indy credential offer to every holder of a CSV file (header `email,name,degree`),
 * in batches of 10 with 4 requests in flight, and prints a summary.
 *
 *   AGENT_BASE_URL="$(jq -r .baseUrl sandbox.json)" AGENT_ORG=… AGENT_EMAIL=… AGENT_PASSWORD=… \
 *     pnpm example examples/issue-from-csv.ts examples/holders.csv
 *
 * The reader below handles quoted fields on one line; for CSVs with line breaks inside fields,
 * journals and resuming, use `agent-cli offers email --csv`.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { AgentClient, type BulkEmailParams, type BulkRow, isAgentError } from '@credential-agent/sdk';
import { signInFromEnv } from './env.js';

export interface IssueFromCsvConfig {
  baseUrl: string;
  orgId: string;
  email: string;
  password: string;
  csvPath: string;
  credentialDefinitionId?: string;
}

/** What happened: rows sent, and each row that was not, with why. */
export interface IssueSummary {
  sent: number;
  notSent: { row: number | string; email: string; status: string; reason: string }[];
}

/** Splits one CSV line: commas separate fields, double quotes quote them (`""` is a quote). */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The CSV's data rows as bulk rows, read line by line (row = line number, the header is line 1). */
async function* readHolders(path: string): AsyncGenerator<BulkRow> {
  const lines = createInterface({
    input: createReadStream(path, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let header: string[] | undefined;
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() === '') continue;
    const fields = splitCsvLine(line === 1 ? text.replace(/^\uFEFF/, '') : text);
    if (!header) {
      header = fields;
      continue;
    }
    const value = (name: string) => fields[header?.indexOf(name) ?? -1] ?? '';
    const attributes = ['name', 'degree'].map((name) => ({ name, value: value(name) }));
    yield { row: line, offer: { emailId: value('email'), attributes } };
  }
}

/** Signs in and e-mails one offer per CSV row; returns the summary. */
export async function issueFromCsv(config: IssueFromCsvConfig): Promise<IssueSummary> {
  const agent = new AgentClient({ baseUrl: config.baseUrl, orgId: config.orgId });
  await agent.auth.signIn({ email: config.email, password: config.password });
  // Typed, so 'indy' and 'v1' stay the known values they are (a plain string is refused).
  const common: BulkEmailParams = {
    credentialType: 'indy',
    protocolVersion: 'v1',
    credentialDefinitionId: config.credentialDefinitionId ?? 'Th7MpTaRZVRYnPiabds81Y:3:CL:17:degree',
    comment: 'Your degree certificate',
  };
  const summary: IssueSummary = { sent: 0, notSent: [] };
  const results = agent.org().offers.sendByEmailBulk(readHolders(config.csvPath), common, {
    batchSize: 10,
    concurrency: 4,
  });
  for await (const result of results) {
    if (result.status === 'sent') summary.sent++;
    else {
      const reason = `${result.error?.message ?? result.status}${result.inDoubt ? ' (may have been sent)' : ''}`;
      summary.notSent.push({ row: result.row, email: result.email, status: result.status, reason });
    }
  }
  return summary;
}

const signIn =
  import.meta.url === pathToFileURL(process.argv[1] ?? '').href ? signInFromEnv('issue-from-csv') : undefined;
if (signIn) {
  const csvPath = process.argv[2] ?? new URL('./holders.csv', import.meta.url).pathname;
  issueFromCsv({ ...signIn, csvPath }).then(
    ({ sent, notSent }) => {
      console.log(`sent ${sent}, not sent ${notSent.length}`);
      for (const r of notSent) console.error(`line ${r.row} (${r.email}): ${r.status}: ${r.reason}`);
      if (notSent.length) process.exitCode = sent > 0 ? 3 : 1;
    },
    (error: unknown) => {
      // One line, never a stack trace: an SDK error by class, anything else (a missing CSV) by message.
      console.error(
        isAgentError(error)
          ? `${error.name}: ${error.message}`
          : `issue-from-csv: ${String(error instanceof Error ? error.message : error)}`,
      );
      process.exitCode = 1;
    },
  );
}
