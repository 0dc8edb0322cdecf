import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CommanderError } from 'commander';
import { toProgram, USAGE } from '../../src/cli/flags.ts';

/** What the command line `args` hands a command: its name, arguments and flags; or commander's error text. */
async function parse(args: string[]): Promise<{ command: string; values: unknown[] } | { error: string }> {
  let called: { command: string; values: unknown[] } | undefined;
  const record =
    (command: string) =>
    async (...values: unknown[]) =>
      void (called = { command, values: values.slice(0, -1) }); // commander adds the command itself
  const program = toProgram('1.2.3', {
    build: record('build'),
    validate: record('validate'),
    schema: record('schema'),
    dev: record('dev'),
    init: record('init'),
    announce: record('announce'),
  });
  let error = '';
  for (const command of [program, ...program.commands])
    command.configureOutput({ writeErr: (text) => void (error += text), writeOut: () => {} });
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (thrown) {
    if (!(thrown instanceof CommanderError)) throw thrown;
    return { error };
  }
  return called!;
}

const flags = suite('toProgram()');

flags('gives each command its arguments, and the defaults of the flags not given', async () => {
  assert.equal(await parse(['build', 'c.json']), {
    command: 'build',
    values: ['c.json', { out: 'dist', locale: 'de', hydrate: true, index: true }],
  });
  assert.equal(await parse(['validate', 'a.json', 'b', '-']), {
    command: 'validate',
    values: [['a.json', 'b', '-'], { format: 'text', locale: 'de', index: true }],
  });
  assert.equal(await parse(['schema']), { command: 'schema', values: [{}] });
  assert.equal(await parse(['dev', 'c.json']), { command: 'dev', values: ['c.json', { port: 4173, locale: 'de' }] });
  assert.equal(await parse(['announce', 'contests/']), {
    command: 'announce',
    values: ['contests/', { locale: 'de', format: 'text', webhook: 'teams' }],
  });
  assert.equal(
    await parse(['announce', 'c.json', '--webhook', 'slack', '--changed', '-', '--privacy-default', 'initials']),
    {
      command: 'announce',
      values: [
        'c.json',
        { locale: 'de', format: 'text', webhook: 'slack', changed: '-', privacyDefault: { names: 'initials' } },
      ],
    },
  );
  const discord = await parse(['announce', 'c.json', '--webhook', 'discord']);
  assert.ok('error' in discord && discord.error.includes('Allowed choices are teams, slack.'));
});

flags('turns the text of each flag into the value a command uses', async () => {
  const build = await parse([
    'build',
    'contests/',
    '-o',
    'public',
    '--locale',
    'en',
    '--base-url',
    'https://example.com/contests',
    '--noindex',
    '--refresh',
    '1.5',
    '--updated-at',
    '2027-03-31T18:45:00+02:00',
    '--no-hydrate',
    '--no-index',
    '--strict',
    '-q',
    '--debug',
  ]);
  assert.equal(build, {
    command: 'build',
    values: [
      'contests/',
      {
        out: 'public',
        locale: 'en',
        baseUrl: 'https://example.com/contests/',
        noindex: true,
        refresh: 1.5,
        updatedAt: '2027-03-31T18:45:00+02:00',
        hydrate: false,
        index: false,
        strict: true,
        quiet: true,
        debug: true,
      },
    ],
  });
  assert.equal(await parse(['build', '-', '--updated-at', 'now']), {
    command: 'build',
    values: ['-', { out: 'dist', locale: 'de', hydrate: true, index: true, updatedAt: 'now' }],
  });
  assert.equal(await parse(['dev', 'c.json', '-p', '0', '--host', '0.0.0.0']), {
    command: 'dev',
    values: ['c.json', { port: 0, host: '0.0.0.0', locale: 'de' }],
  });
  assert.equal(await parse(['validate', 'c.json', '--format', 'json', '--strict', '--no-index']), {
    command: 'validate',
    values: [['c.json'], { format: 'json', locale: 'de', strict: true, index: false }],
  });
});

flags('says what a flag expects when its value cannot be one', async () => {
  const cases: [string[], string][] = [
    [['--out', ''], 'expected a folder; to write into the current folder, pass --out .'],
    [['--base-url', 'example.com'], 'expected an absolute http(s) address, like https://example.com/contests/'],
    [['--base-url', 'ftp://example.com/'], 'expected an http or https address'],
    [['--base-url', 'https://example.com/?a=1'], 'expected the address of a folder, without ?query or #fragment'],
    [['--refresh', '0.5'], 'expected minutes from 1 to 1440 (a day), like 5 or 1.5'],
    [['--refresh', '1e3'], 'expected minutes from 1 to 1440 (a day), like 5 or 1.5'],
    [
      ['--updated-at', 'yesterday'],
      'expected "now", "git" or an ISO 8601 time with offset, like 2027-03-31T18:45:00+02:00',
    ],
    [['--updated-at', '10000-01-01T00:00:00Z'], 'expected "now", "git" or an ISO 8601 time with offset'],
    [['--updated-at', '9999-12-31T23:30:00-01:00'], 'the time must be in the years 1970 to 9999 (in Berlin time)'],
    [['--locale', 'fr'], 'Allowed choices are de, en.'],
  ];
  for (const [args, words] of cases) {
    const parsed = await parse(['build', 'c.json', ...args]);
    assert.ok('error' in parsed, args.join(' '));
    assert.match(parsed.error, `${args[0]} <`, args.join(' '));
    assert.match(parsed.error, `argument '${args[1]}' is invalid. ${words}`, args.join(' '));
  }
  for (const port of ['', '65536', '-1', '80x']) {
    const parsed = await parse(['dev', 'c.json', '--port', port]);
    assert.ok('error' in parsed && parsed.error.includes('expected a port number from 0 to 65535'), port);
  }
  const format = await parse(['validate', 'c.json', '--format', 'xml']);
  assert.ok('error' in format && format.error.includes('Allowed choices are text, json.'));
});

flags(
  '--privacy-default: names and amounts as words, in either order, or a privacy object as JSON; nothing else',
  async () => {
    const privacyOf = async (value: string, command = 'build') => {
      const parsed = await parse([command, 'c.json', '--privacy-default', value]);
      return 'error' in parsed ? parsed.error : (parsed.values[1] as { privacyDefault: unknown }).privacyDefault;
    };
    assert.equal(
      await privacyOf('initials', 'validate'),
      { names: 'initials' },
      'validate takes it too, for its data sheet',
    );
    assert.equal(await privacyOf('initials,winners'), { names: 'initials', amounts: 'winners' });
    assert.equal(await privacyOf(' none , first name and initial'), {
      names: 'first name and initial',
      amounts: 'none',
    });
    assert.equal(await privacyOf('alias'), { names: 'alias' });
    assert.equal(await privacyOf('{"hidden": ["Max Muster"], "amounts": "all"}'), {
      hidden: ['Max Muster'],
      amounts: 'all',
    });
    for (const wrong of [
      'initials,alias',
      'winners,none',
      'initial',
      '',
      '{"names": "nick"}',
      '{"names": "full"',
      '[]',
    ])
      assert.match(String(await privacyOf(wrong)), `argument '${wrong}' is invalid. expected`, wrong);
  },
);

flags('calls nothing for a missing argument or an unknown flag, and a usage error exits 2', async () => {
  for (const args of [['build'], ['validate'], ['build', 'c.json', '--nope'], ['frobnicate']])
    assert.ok('error' in (await parse(args)), args.join(' '));
  assert.is(USAGE, 2);
});

flags.run();
