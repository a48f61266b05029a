#pragma once
// PortfolioRecord: what a portfolio's plan was priced on, saved in the portfolio file
// ("priced_on") so the plan signed a month ago can say what changed since: the part scenarios'
// records share (PricedOn: version, time, currency, catalog identity, FX, calibrations), every
// unit price the plan could use (each workload's on-demand rate on each provider and the
// commitments sold for it, with source and date), the purchases and the headline totals.
// comparePortfolio() holds a record against a plan made now and lists what moved.

#include "core/common/Result.h"
#include "core/plan/PricedOn.h"
#include "core/portfolio/PortfolioBuild.h"
#include "core/portfolio/PortfolioPlan.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace gpuplanner::core {

// A unit price the plan could use, in the record's display currency.
struct RecordedPrice
{
    QString key;  // provider/instance/region/billing/term/upfront/class[/the user's terms]: stable across refreshes
    QString name; // "aws p5.48xlarge in us-east-1: 12-month standard reserved, no upfront"
    double pricePerHour = 0; // per instance-hour, a commitment's upfront fee spread over its term
    QString source;
    QString date;
};

struct RecordedPurchase
{
    QString key;  // the price's key, whom it is bought for, the start month
    QString name; // the commitment, where, and for whom
    QString provider;
    QString commitment; // "12-month standard reserved, no upfront"
    int termMonths = 0;
    QString month; // yyyy-MM: the month it starts
    double quantity = 0; // instances, or currency per hour (savings plans)
    bool perInstance = true;
    double unitPrice = 0; // per instance-hour, as RecordedPrice
    QString source;
    QString date;
};

// "2 instance(s)", or "$12.00/h" for a savings plan's commitment per hour.
QString recordedQuantityText(const RecordedPurchase &purchase, const QString &currency);

struct PortfolioRecord : PricedOn
{
    QList<RecordedPrice> prices;
    QList<RecordedPurchase> purchases;
    double expectedCost = 0;
    double allOnDemandCost = 0;
    double saving = 0; // against all on-demand
};

// A portfolio planned now: the optimizer and its plan, what the workloads' plans rest on, and the
// catalog (to tell an offer withdrawn from one the plan no longer uses).
struct PortfolioFacts
{
    const CommitmentOptimizer &optimizer;
    const PortfolioPlan &plan;
    const PortfolioBasis &basis;
    const QList<Offer> &catalog;
};

PortfolioRecord recordPortfolio(const PortfolioFacts &facts);
QJsonObject portfolioRecordToJson(const PortfolioRecord &record);
// Errors name the field as "priced_on.<field>".
Result<PortfolioRecord> portfolioRecordFromJson(const QJsonObject &json);

struct PortfolioSince
{
    PortfolioRecord then;
    QList<PlanChange> changes;
    bool purchasesChanged = false;
    double costThen = 0; // expected cost
    double costNow = 0;
    bool unchanged() const { return changes.isEmpty(); }
};

// What moved between the record and the plan made now.
PortfolioSince comparePortfolio(const PortfolioRecord &then, const PortfolioFacts &now);

// "Since this portfolio was priced on 2026-11-02 (catalog …):", or "…: nothing changed."
QString portfolioSinceHeading(const PortfolioSince &since);
// The heading and one "- " line per change, for the CLI.
QString portfolioSinceText(const PortfolioSince &since);
QJsonObject portfolioSinceToJson(const PortfolioSince &since);

} // namespace gpuplanner::core
