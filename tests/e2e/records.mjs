// Stored records read one by one (issue 23): statistics entries this version cannot read
// or whose arrays disagree are skipped, reported and kept exactly as they were; a value that
// is no list is set aside, never overwritten; a formula in a player name reaches the CSV
// export as text.
import { assert, eq } from './assert.mjs';
import fs from 'node:fs';
import { startRommeBotMatch } from './bot_match.mjs';

const FAST = JSON.stringify({ lang: 'De', deck: 'Two', motion: 'Reduced', bot_delay_ms: 20 });
const KEY = 'kartenrunde.stats.v1';

const result = (id, names, scores, places, kinds = ['human', 'normal']) => ({
  id, variant: 'romme', finished_ms: 1767225600000, names, kinds, scores, places, deals: 2, higher_is_better: false,
});
const good1 = JSON.stringify(result('gut1', ['Anna', 'Ben'], [10, 40], [1, 2]));
const good2 = JSON.stringify(result('gut2', ['Anna', 'Ben'], [55, 20], [2, 1]));
// A bot level this version does not know, written with spaces and its own key order: it must
// come back byte for byte.
const unreadable = '{ "kinds": ["human", "legendary"], "id": "zukunft", "variant": "romme", "finished_ms": 1767225600000, "names": ["Anna", "Zora"], "scores": [5, 9], "places": [1, 2], "deals": 1, "higher_is_better": false }';
// Scores for three seats, a place for one.
const inconsistent = JSON.stringify(result('schief', ['Anna', 'Ben', 'Cara'], [1, 2, 3], [1], ['human', 'normal', 'hard']));

export default [
  {
    // Before: the unreadable entry made the whole list unreadable and the next finished match
    // overwrote it (both good results and the unreadable one were wiped); the inconsistent one
    // panicked the statistics page (index out of bounds), which stayed at "Die Seite wird
    // geladen …".
    name: 'records: statistics with an unreadable and an inconsistent entry – the good ones shown, the others reported and kept through a new match',
    async run({ page, base, shot }) {
      const list = `[${good1},${unreadable},${inconsistent},${good2}]`;
      await page.evaluate(([s, k, l]) => { localStorage.setItem('kartenrunde.settings.v1', s); localStorage.setItem(k, l); }, [FAST, KEY, list]);
      await page.goto(base + '#/stats');
      await page.reload();
      await page.waitForSelector('[data-testid=stats-skipped]');
      eq((await page.$$('[data-testid=stats-match]')).length, 2, 'the two good results are listed');
      eq(await page.textContent('[data-testid=stats-game][data-variant=romme] [data-testid=stats-played]'), '2', 'both counted');
      const note = await page.textContent('[data-testid=stats-skipped]');
      assert(note.includes('2 Einträge konnten nicht gelesen werden und bleiben unverändert gespeichert.'), 'the report: ' + note);
      eq(await page.evaluate((k) => localStorage.getItem(k), KEY), list, 'reading changes nothing');
      await shot('records-stats-skipped');

      // A match finishes (one deal, bots only) and is recorded.
      await startRommeBotMatch(page, 1);
      await page.waitForSelector('[data-testid=match-winner]', { timeout: 120000 });
      await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k)).length === 5, KEY, { timeout: 10000 });
      const stored = await page.evaluate((k) => localStorage.getItem(k), KEY);
      assert(stored.startsWith(`[${good1},${unreadable},${inconsistent},${good2},`), 'the old entries unchanged and in place: ' + stored.slice(0, 600));
      const all = JSON.parse(stored);
      eq(all[4].variant, 'romme', 'the new result is last');

      await page.goto(base + '#/stats');
      await page.waitForSelector('[data-testid=stats-skipped]');
      eq((await page.$$('[data-testid=stats-match]')).length, 3, 'the new result is listed with the good ones');
      assert((await page.textContent('[data-testid=stats-skipped]')).includes('2 Einträge'), 'still reported');

      // English, with one entry left over.
      await page.evaluate(([k, l]) => {
        localStorage.setItem(k, l);
        localStorage.setItem('kartenrunde.settings.v1', JSON.stringify({ lang: 'En', deck: 'Two', motion: 'Reduced', bot_delay_ms: 20 }));
      }, [KEY, `[${good1},${unreadable}]`]);
      await page.reload();
      await page.waitForSelector('[data-testid=stats-skipped]');
      eq((await page.textContent('[data-testid=stats-skipped]')).trim(), '1 entry could not be read and stays stored unchanged.', 'the singular, in English');
    },
  },
  {
    // Before: a stored value that was no JSON list counted as no results and the next finished
    // match overwrote it without a word.
    name: 'records: a statistics value that is no list is reported and left as it is',
    async run({ page, base }) {
      await page.evaluate((k) => localStorage.setItem(k, '{"kaputt": [1, 2'), KEY);
      await page.goto(base + '#/stats');
      await page.reload();
      await page.waitForSelector('[data-testid=stats-skipped]');
      const note = await page.textContent('[data-testid=stats-skipped]');
      assert(note.includes('beschädigt') && note.includes('Sicherung'), 'the report: ' + note);
      assert(await page.isVisible('[data-testid=no-stats]'), 'no results to show');
      eq(await page.evaluate((k) => localStorage.getItem(k), KEY), '{"kaputt": [1, 2', 'left as it is');
    },
  },
  {
    // Before: the name went into the CSV as a bare cell, and a spreadsheet evaluated "=2+3"
    // as a formula (showing 5, or running whatever a shared link put there).
    name: 'records: a formula in a player name is exported to CSV as text; negative scores stay numbers',
    async run({ page, base }) {
      const r = result('formel', ['=2+3', '@SUMME(A1)'], [-12, 30], [1, 2]);
      await page.evaluate(([k, l]) => localStorage.setItem(k, l), [KEY, JSON.stringify([r])]);
      await page.goto(base + '#/stats');
      await page.reload();
      await page.waitForSelector('[data-testid=stats-match]');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=stats-export]')]);
      const csv = fs.readFileSync(await download.path(), 'utf8').trim().split('\n');
      eq(csv.length, 3, 'a header and a line per seat');
      const first = csv[1].split(';');
      const second = csv[2].split(';');
      eq(first[4], `"'=2+3"`, 'the formula is text: ' + csv[1]);
      eq(second[4], `"'@SUMME(A1)"`, 'the @ cell is text: ' + csv[2]);
      eq(first[6], '-12', 'a negative score stays a number');
      eq(first[2], 'formel', 'a plain cell is unchanged');
    },
  },
];
