import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toPath } from '../../src/input/users.ts';

const paths = suite('toPath()');

paths('writes paths as a contest author would look them up', () => {
  assert.is(toPath(['users', 2, 'leadCount']), 'users[2].leadCount');
  assert.is(toPath(['odd key']), '["odd key"]');
  assert.is(toPath([]), '');
});

paths.run();
