// Posting to a webhook: posted on a 2xx, tried again on a 5xx, a 429 or silence, given up at once on another answer,
// and every failure in words that never name the address.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { post } from '../../../src/cli/announce/post.ts';
import { receive, type Answer } from '../../helpers/receiver.ts';

const FAST = { timeout: 200, pause: 10 };

/** Posts `{}` to a receiver that answers as `answer` says: what post() returned, and how many requests it made. */
async function postTo(answer: Answer, options = FAST) {
  const receiver = await receive(answer);
  try {
    return { posted: await post(receiver.url, '{"text":"hi"}', options), requests: receiver.bodies.length };
  } finally {
    await receiver.close();
  }
}

const posting = suite('post()');

posting('a 2xx is posted at once; the body arrives as sent', async () => {
  const receiver = await receive(() => 202);
  try {
    assert.equal(await post(receiver.url, '{"text":"hi"}', FAST), { posted: true });
    assert.equal(receiver.bodies, ['{"text":"hi"}']);
  } finally {
    await receiver.close();
  }
});

posting('a 500 or a 429 is tried again, twice; a receiver that recovers gets the message', async () => {
  assert.equal(await postTo(() => 500), {
    posted: { posted: false, why: 'the webhook answered 500 (3 tries)' },
    requests: 3,
  });
  assert.equal(await postTo((n) => (n === 1 ? 429 : n === 2 ? 503 : 200)), { posted: { posted: true }, requests: 3 });
});

posting('a 4xx but 429, or a redirect, is given up at once', async () => {
  assert.equal(await postTo(() => 404), {
    posted: { posted: false, why: 'the webhook answered 404' },
    requests: 1,
  });
  assert.equal((await postTo(() => 302)).requests, 1);
});

posting('a receiver that never answers: each try given up after the timeout, and the words say so', async () => {
  assert.equal(await postTo(() => 'hang'), {
    posted: { posted: false, why: 'the webhook did not answer within 0.2 s (3 tries)' },
    requests: 3,
  });
});

posting('no one listening: the system error code, never the address', async () => {
  const receiver = await receive();
  await receiver.close();
  const posted = await post(receiver.url, '{}', FAST);
  assert.equal(posted, { posted: false, why: 'cannot reach the webhook (ECONNREFUSED) (3 tries)' });
});

posting.run();
