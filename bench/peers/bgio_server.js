// boardgame.io 0.50.2's own server (Koa + socket.io, its default in-memory storage) serving
// the one-move game: the peer of bench/server_load.py. Usage: node bgio_server.js <port>
const { Server } = require('boardgame.io/server');
const { OneMove } = require('./game.js');

const port = Number(process.argv[2] || 8000);
const server = Server({ games: [OneMove], origins: [/.*/] });
server.run(port, () => console.log(`bgio listening on ${port}`));
