#pragma once
// BenchCatalog: the catalogs the speed benchmarks run on: today's embedded catalog, and one ten
// times its size built from it, for a catalog that keeps growing (more providers, refreshed
// commitments). The large one copies every region nine times with every offer in it, prices
// perturbed by up to +-10 % (deterministically), so it plans like a real catalog: the same
// GPUs, instance shapes, billing models and providers, ten times the rows.

#include <QString>

namespace gpuplanner::tests {

// 1: the embedded default catalog as built; 10: the same scaled tenfold (built once per process
// in a temporary folder). Returns an empty string and prints why when it cannot be built.
QString benchCatalogPath(int scale);

} // namespace gpuplanner::tests
