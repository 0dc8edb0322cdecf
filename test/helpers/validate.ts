// The check as the commands run it, for tests that give their own sources: the data files they name read (as read()
// reads them), validate(), then the --strict pass the command layer applies (build.ts).
import { toStrict } from '../../src/build.ts';
import { withData, type Source } from '../../src/input/read.ts';
import { validate as check, type ValidateOptions, type Validated } from '../../src/input/validate.ts';

export async function validate(
  sources: readonly Source[],
  { strict = false, ...options }: ValidateOptions & { strict?: boolean } = {},
): Promise<Validated> {
  const validated = await check(sources.map(withData), options);
  return strict ? toStrict(validated) : validated;
}
