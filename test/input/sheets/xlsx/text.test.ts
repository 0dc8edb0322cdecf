// A worksheet's text, bytes read one a character → the text a cell holds, decoded as SheetJS decodes its shared texts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toFormulaText, toRichText, unescapeXml } from '../../../../src/input/sheets/xlsx/text.ts';

// UTF-8 bytes as the sweep reads them: one character a byte.
const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

const decode = suite('unescapeXml()');

decode('the five entities, numeric references and Excel’s _xHHHH_ escapes', () => {
  assert.is(
    unescapeXml('Meier &amp; S&#246;hne &lt;GmbH&gt; &quot;A&quot; &apos;B&apos; &#x41;'),
    'Meier & Söhne <GmbH> "A" \'B\' A',
  );
  assert.is(unescapeXml('Zeile_x000D_'), 'Zeile\r');
  assert.is(unescapeXml('a\r\nb', true), 'a\nb');
  assert.is(unescapeXml('<![CDATA[&amp;]]> &amp;'), '&amp; &');
});

const formula = suite('toFormulaText()');

formula('a text formula’s result: UTF-8 and entities', () => {
  assert.is(toFormulaText(bytes('Müller &amp; Yılmaz')), 'Müller & Yılmaz');
});

const rich = suite('toRichText()');

rich('a plain text, rich-text runs joined, phonetic runs left out', () => {
  assert.is(toRichText(bytes('<t xml:space="preserve"> Jürgen </t>')), ' Jürgen ');
  assert.is(
    toRichText(bytes('<r><rPr><b/></rPr><t>Anna </t></r><r><t>Schmidt</t></r><rPh sb="0" eb="1"><t>x</t></rPh>')),
    'Anna Schmidt',
  );
  assert.is(toRichText('<x:t>Anna</x:t>'), 'Anna');
});

rich('an empty text, and one that holds neither a text nor runs', () => {
  assert.is(toRichText(''), '');
  assert.is(toRichText('<rPh><t>x</t></rPh>'), undefined);
});

decode.run();
formula.run();
rich.run();
