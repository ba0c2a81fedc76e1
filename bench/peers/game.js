// The one-move game both sides of the peer benchmark play: each seat in turn makes one
// move ("bump"), which ends its turn (boardgame.io 0.50 move signature).
const OneMove = {
  name: 'one-move',
  setup: () => ({ n: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    bump: ({ G }) => {
      G.n += 1;
    },
  },
};

module.exports = { OneMove };
