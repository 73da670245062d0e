// Benchmarks (`npm run bench`, never part of `npm test`). The load and Lighthouse benchmarks
// come with the speed issue.
console.warn('no benchmarks yet')
