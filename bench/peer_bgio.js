// The boardgame.io peer's own bench.js (../shared/peers/boardgame.io), measured the same
// way — TABLES x 2 socket clients taking turns, a move's latency from the call to the
// mover's own state update — plus one figure it lacks: propagation, from a move's call to
// the moment the *other* player's client receives the state that follows it. bench/run.py
// copies this file beside the peer's game.js in its npm folder and runs it there.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { DeckGame } = require('./game');
const port = parseInt(process.env.PORT || '8800', 10);
const tables = parseInt(process.env.TABLES || '20', 10);
const seconds = parseFloat(process.env.SECONDS || '20');
const warmup = parseFloat(process.env.WARMUP || '2');
const api = `http://127.0.0.1:${port + 1}`;
async function post(path, body) {
  const r = await fetch(api + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}
function pct(a, p) { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : null; }
(async () => {
  const lat = []; const prop = []; let moves = 0; const clients = [];
  const sent = new Map();   // matchID -> time the last move was called
  for (let t = 0; t < tables; t++) {
    const { matchID } = await post('/games/deck/create', { numPlayers: 2 });
    for (let p = 0; p < 2; p++) {
      const { playerCredentials } = await post(`/games/deck/${matchID}/join`, { playerID: String(p), playerName: 'p' + p });
      const c = Client({ game: DeckGame, matchID, playerID: String(p), credentials: playerCredentials,
        multiplayer: SocketIO({ server: `http://127.0.0.1:${port}` }), debug: false });
      c.start(); c.matchIDForBench = matchID; clients.push(c);
    }
  }
  await new Promise(r => setTimeout(r, warmup * 1000));
  const begin = Date.now(); const end = begin + seconds * 1000;
  const pending = new Map();
  for (const c of clients) {
    c.subscribe(s => {
      if (!s) return;
      const now = performance.now();
      const t0 = pending.get(c);
      if (t0 !== undefined && s.ctx.currentPlayer !== c.playerID) { lat.push(now - t0); pending.delete(c); moves++; }
      const called = sent.get(c.matchIDForBench);
      if (called !== undefined && s.ctx.currentPlayer === c.playerID && !pending.has(c)) { prop.push(now - called); sent.delete(c.matchIDForBench); }
      if (Date.now() < end && s.ctx.currentPlayer === c.playerID && !pending.has(c)) {
        const at = performance.now(); pending.set(c, at); sent.set(c.matchIDForBench, at); c.moves.draw();
      }
    });
  }
  await new Promise(r => setTimeout(r, seconds * 1000 + 1500));
  console.log(JSON.stringify({ peer: 'boardgame.io 0.50.2', tables, devices: clients.length, seconds, moves,
    moves_per_s: +(moves / seconds).toFixed(1), p50_ms: +pct(lat, 0.5).toFixed(2), p99_ms: +pct(lat, 0.99).toFixed(2),
    propagation_p50_ms: +pct(prop, 0.5).toFixed(2), propagation_p95_ms: +pct(prop, 0.95).toFixed(2) }));
  clients.forEach(c => c.stop()); process.exit(0);
})();
