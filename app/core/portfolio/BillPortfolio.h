#pragma once
// BillPortfolio: a portfolio file started from a bill. Each GPU model and geography whose usage
// ran in every month of the bill (BillUsage's steady part) becomes one workload whose phase is
// that steady load, grown or shrunk by the user's assumption, so the portfolio optimizer plans
// what to commit to from what the team really ran. The bursty rest is left out on purpose: it is
// what on-demand and spot are for, and committing to it is the mistake this guards against.

#include "core/actuals/BillUsage.h"
#include "core/common/Result.h"

#include <QDate>
#include <QJsonObject>
#include <QStringList>

namespace gpuplanner::core {

struct BillPortfolioOptions
{
    QString name;            // the portfolio's name; empty = "Commitments from <source>"
    QString source;          // the bill's file name or import id, for the description
    QDate start;             // first month planned; invalid = the month after the bill's last
    int months = 12;
    double growth = 0;       // +0.2 = 20 % more than the bill's steady usage, -0.1 = 10 % less
    double shortfall = 0.3;  // the portfolio's low demand case: this much less
    QStringList providers;   // plan on these providers only; empty = every one
    QStringList regions;     // region globs; empty = any
    bool sameGeography = true; // keep each workload in the geography it ran in
};

struct BillPortfolio
{
    QJsonObject portfolio;   // a "gpu-planner-portfolio" file, scenarios embedded
    QStringList notes;       // steady parts left out, and why
    int workloads = 0;
};

// Fails when no GPU usage ran in every month (nothing steady to commit to) or an option is out
// of range; the error names the option.
Result<BillPortfolio> portfolioFromUsage(const actuals::BillUsage &usage, const BillPortfolioOptions &options);

} // namespace gpuplanner::core
