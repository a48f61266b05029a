#pragma once
// PortfolioFormat: a portfolio plan for people (text tables) and programs (JSON): purchases by
// month and provider, each commitment's expected utilisation per month and break-even, the
// saving against all on-demand and the best single provider, and the cost of being wrong.

#include "core/portfolio/PortfolioPlan.h"

#include <QJsonObject>
#include <QString>

namespace gpuplanner::core {

QString portfolioToTable(const CommitmentOptimizer &optimizer, const PortfolioPlan &plan, const QString &name);
QJsonObject portfolioToJson(const CommitmentOptimizer &optimizer, const PortfolioPlan &plan, const QString &name);

} // namespace gpuplanner::core
