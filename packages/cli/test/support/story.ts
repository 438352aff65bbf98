import { CRED_DEF_ID, fixture } from './fixtures.js';
import type { Bench } from './sandbox.js';
import { json } from './sandbox.js';

interface OfferJson {
  data: { outOfBandRecordId: string; invitationUrl: string; credentialRequestThId: string };
}
interface AcceptJson {
  connectionRecord: { id: string };
  outOfBandRecord: { id: string };
}

/** Creates a shareable offer through the CLI and returns its `--json` answer. */
export async function createOffer(bench: Bench): Promise<OfferJson['data']> {
  const result = await bench.run([
    'offers',
    'create',
    '--file',
    fixture('offer.json'),
    '--credential-type',
    'jsonld',
    '--cred-def-id',
    CRED_DEF_ID,
    '--json',
  ]);
  if (result.code !== 0) throw new Error(`offers create failed: ${result.stderr}`);
  return json<OfferJson>(result).data;
}

/** Creates an offer and accepts its invitation; returns the holder's connection id and the oob id. */
export async function acceptedOffer(bench: Bench): Promise<{ connectionId: string; outOfBandId: string }> {
  const offer = await createOffer(bench);
  const result = await bench.run(['oob', 'accept', offer.outOfBandRecordId, '--json']);
  if (result.code !== 0) throw new Error(`oob accept failed: ${result.stderr}`);
  const accepted = json<AcceptJson>(result);
  return { connectionId: accepted.connectionRecord.id, outOfBandId: offer.outOfBandRecordId };
}
