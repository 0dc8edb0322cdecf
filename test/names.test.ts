import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { foldName } from '../src/names.ts';

const folds = suite('foldName()');

folds('folds case and composes accents, as a file system that ignores case sees a page folder', () => {
  assert.is(foldName('Spring'), 'spring');
  assert.is(foldName('INDEX.HTML'), 'index.html');
  assert.is(foldName('Mu\u0308nchen'), foldName('M\u00fcnchen'), 'a decomposed ü is the same folder as a composed one');
  assert.is.not(foldName('spring-2'), foldName('spring'));
});

folds.run();
