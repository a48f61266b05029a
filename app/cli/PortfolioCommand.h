#pragma once
// PortfolioCommand: `gpu-planner-cli portfolio [plan] PORTFOLIO.json` (which commitments to buy,
// when and where, for a team's workloads; utilisation, break-even, savings and the cost of being
// wrong); --record writes what the plan was priced on into the file, --since says what moved
// since. Exit codes: 0 ok, 1 usage error, 2 data error (portfolio, scenario, record or catalog).

#include "core/common/Result.h"
#include "core/portfolio/PortfolioBuild.h"
#include "core/portfolio/CommitmentOptimizer.h"
#include "core/portfolio/Portfolio.h"
#include "core/portfolio/PortfolioPlan.h"

#include <QStringList>
#include <QTextStream>

#include <memory>

namespace gpuplanner::cli {

int runPortfolio(const QStringList &arguments, QTextStream &out, QTextStream &err);

// A portfolio file planned as `portfolio plan` plans it; the PDF report (`report portfolio`)
// reports this very plan, so its figures are the command's.
struct PlannedPortfolio
{
    core::Portfolio portfolio;
    QString name; // the portfolio's name, else the file's path
    std::shared_ptr<const core::CommitmentOptimizer> optimizer;
    core::PortfolioPlan plan;
    // What the workloads' plans rest on: the PDF names its identity on every page; a record
    // (--record) keeps it.
    core::PortfolioBasis basis;
    QList<core::Offer> catalog; // the catalog planned on

};
// Errors name the file and the field at fault.
core::Result<PlannedPortfolio> planPortfolioFile(const QString &path, const QString &catalogPath);

} // namespace gpuplanner::cli
