// What the publisher reads around the page, in the contest's language as the page is: the change report, the step
// summary, annotations' titles and podium dev's error page. The command's own usage and flags stay English.
import de from '../../templates/messages/report.de.json' with { type: 'json' };
import en from '../../templates/messages/report.en.json' with { type: 'json' };
import type { Locale } from '../page/messages.ts';

export type ReportMessages = typeof de;

const CATALOGUES: Record<Locale, ReportMessages> = { de, en };

/** The report's texts in `locale`. */
export function toReportMessages(locale: Locale): ReportMessages {
  return CATALOGUES[locale];
}
