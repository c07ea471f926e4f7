// The app's games and catalog entries as its registry lists them: `games.json` beside this
// file is written from the registry and the catalog, and a native test fails while it differs
// (`the_e2e_list_of_games_is_the_registry`, KR_WRITE_E2E_GAMES=1 writes it). Specs iterate
// these lists instead of writing their own, and a spec's table of per-game facts (a board, a
// draw control) is checked by `covering` to name every game: a new game is never silently
// left out of the end-to-end tests.
import { readFileSync } from 'node:fs';

const data = JSON.parse(readFileSync(new URL('./games.json', import.meta.url), 'utf8'));

/** The games' names (`Game::NAME`), in the registry's order. */
export const GAMES = data.games.map((g) => g.name);
/** Per game: `{ name, botLevels, hints }`. */
export const GAME_INFO = data.games;
/** The playable catalog entries' ids (each game's presets), in the catalog's order. */
export const VARIANTS = data.variants.map((v) => v.id);
/** Per catalog entry: `{ id, game, min, max, default }`. */
export const VARIANT_INFO = data.variants;

/** The game of catalog entry `id`. */
export function gameOf(id) {
  const v = data.variants.find((x) => x.id === id);
  if (!v) throw new Error(`no catalog entry ${id} in tests/e2e/games.json`);
  return v.game;
}

/**
 * Returns `table` after checking it names each of `all` (the games by default): an object
 * keyed by id, or an array of ids, of `[id, …]` rows or of `{ id }` rows. A row may name a
 * catalog entry for its game (`profiduell` covers `abluxxen`). Throws, and so fails the spec
 * at load, when one is missing.
 */
export function covering(what, table, all = GAMES) {
  const keys = Array.isArray(table)
    ? table.map((row) => (typeof row === 'string' ? row : Array.isArray(row) ? row[0] : row.id))
    : Object.keys(table);
  const named = new Set(keys.flatMap((k) => (VARIANTS.includes(k) ? [k, gameOf(k)] : [k])));
  const missing = all.filter((x) => !named.has(x));
  if (missing.length) throw new Error(`${what}: no entry for ${missing.join(', ')} (tests/e2e/games.json lists it)`);
  return table;
}

/** Each game's board (`data-testid`). */
export const BOARD = covering('the boards', {
  romme: 'romme-board',
  karussell: 'karussell-board',
  profisort: 'profisort-board',
  abluxxen: 'ab-board',
});

/** The board of catalog entry `id`. */
export const boardOf = (id) => BOARD[gameOf(id)];
