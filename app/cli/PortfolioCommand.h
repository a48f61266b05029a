#pragma once
// PortfolioCommand: `gpu-planner-cli portfolio plan PORTFOLIO.json` (which commitments to buy,
// when and where, for a team's workloads; utilisation, break-even, savings and the cost of being
// wrong). Exit codes: 0 ok, 1 usage error, 2 data error (portfolio, scenario or catalog).

#include <QStringList>
#include <QTextStream>

namespace gpuplanner::cli {

int runPortfolio(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
