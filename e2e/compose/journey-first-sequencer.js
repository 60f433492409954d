'use strict';
// jest orders test files by past duration and size; here the order matters: the journey first
// (on a stack started from empty volumes its sign-in is the demo user's first, and it asserts the
// welcome credits exactly then), the drills next, the persistence check (which reads what both
// recorded) last.
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = ['journey.compose.test.ts', 'drills.compose.test.ts', 'persistence.compose.test.ts'];

class JourneyFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const index = ORDER.findIndex((name) => test.path.endsWith(name));
      return index < 0 ? ORDER.length : index;
    };
    return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
  }
}

module.exports = JourneyFirstSequencer;
