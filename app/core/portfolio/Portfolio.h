#pragma once
// Portfolio: a team's workloads over a horizon of up to 36 months, as a versioned JSON file
// ("gpu-planner-portfolio"). Each workload is a scenario (a file or embedded) with its phases,
// optionally replaced by the portfolio's own; pools say which providers' commitments serve every
// workload that fits them. Loading checks every field; an error names its JSON path.

#include "core/catalog/Billing.h"
#include "core/common/Result.h"
#include "core/estimate/ModelPresets.h"
#include "core/plan/Scenario.h"

#include <QDate>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core {

inline constexpr int kPortfolioVersion = 1;
inline constexpr int kMaxPortfolioMonths = 36;
inline constexpr int kMaxPortfolioWorkloads = 50;

struct PortfolioWorkload
{
    QString name;
    QString scenarioFile; // as resolved (empty when embedded)
    Scenario scenario;    // with the portfolio's phases when it gives them
};

// A provider's commitments of these billing models are bought for the team, not per workload:
// one reservation or savings plan serves any workload that fits it.
struct CommitmentPool
{
    QString provider;
    QList<Billing> billing; // empty = every commitment kind

    bool covers(const QString &p, Billing b) const
    {
        return p == provider && (billing.isEmpty() || billing.contains(b));
    }
};

struct Portfolio
{
    int version = kPortfolioVersion;
    QString name;
    QString description;
    QDate start;     // first month of the horizon
    int months = 12; // 1..36
    QString displayCurrency = QStringLiteral("USD");
    double demandShortfall = 0;         // "we may use 30 % less": 0.3
    std::optional<double> worstCaseCap; // no demand case may cost more (display currency)
    double sensitivityDemandDrop = 0.3; // the cost of being wrong: demand this much lower
    double sensitivityPriceCut = 0.2;   // and one provider's prices this much lower
    QStringList providers;              // providers to plan over; empty = every one the scenarios allow
    QList<PortfolioWorkload> workloads;
    QList<CommitmentPool> pools;
    QJsonObject pricedOn; // what its plan was priced on (PortfolioRecord as JSON); empty = none
};

// Reads and checks a portfolio; scenario files are found relative to baseDir.
Result<Portfolio> parsePortfolio(const QByteArray &json, const QString &baseDir, const QList<ModelPreset> &presets);
Result<Portfolio> loadPortfolio(const QString &path, const QList<ModelPreset> &presets);

} // namespace gpuplanner::core
