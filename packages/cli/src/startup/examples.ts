import { fileURLToPath } from 'node:url';

/** The example request bodies the help names, as shipped with the CLI (`dist/examples`). */
export type ExampleBody = 'offer.json' | 'email-offer.json' | 'proof.json' | 'template.json' | 'holders.csv';

/** Where the installed CLI keeps an example body (the build copies them next to the program). */
export function examplePath(name: ExampleBody): string {
  return fileURLToPath(new URL(`./examples/${name}`, import.meta.url));
}

/** What a help example says of the body files it names. */
export const EXAMPLES_HELP =
  'The example bodies (offer.json, email-offer.json, proof.json, template.json, holders.csv) are in ' +
  'examples/ of the repository and in dist/examples of the installed CLI package.';
