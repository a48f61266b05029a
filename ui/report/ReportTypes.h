#pragma once
// ReportTypes: what a report shows (a planned scenario, its timeline and the catalog's
// freshness) and how (language, page size, top N, author), as plain values shared by the
// PDF writer, print preview, the exports and the CLI.

#include "core/calibrate/BenchmarkComparison.h"
#include "core/catalog/CatalogInfo.h"
#include "core/plan/PlanActuals.h"
#include "core/plan/Planner.h"
#include "core/plan/Scenario.h"
#include "core/plan/Timeline.h"

#include <QDate>
#include <QHash>
#include <QJsonObject>
#include <QPageSize>
#include <QString>

#include <optional>

namespace gpuplanner::ui {

// A portfolio's commitment plan as `portfolio plan --format json` states it (the object
// core::portfolioToJson makes), with what the file says about itself. The report prints these
// figures and computes none of its own.
struct PortfolioReport
{
    QJsonObject plan;
    QString description;
    QStringList workloads;  // the workloads' names, in the file's order
    double demandDrop = 0;  // the cost of being wrong: demand this much lower
    double priceCut = 0;    // and one provider's prices this much lower
    QStringList pools;      // providers whose commitments serve the whole team
    QHash<QString, QString> providerNames; // provider id -> its name ("aws" -> "AWS")
    // The data identity on every page: the workloads' catalog hashes hashed together (12 hex
    // digits) and the oldest and newest provider price dates; empty = left off.
    QString catalogHash;
    QString oldestPriceDate;
    QString newestPriceDate;
    // The bill the portfolio was started from (core::actuals::billSummaryJson): the "What we ran
    // and what to buy next" page; empty = none.
    QJsonObject bill;
};

// The figures a report is made of. `planner` must have planned `request` and outlive the
// writer; the GUI and the CLI own their planner, so the report borrows it instead of copying.
struct ReportInput
{
    core::Scenario scenario;
    core::PlanRequest request;
    const core::Planner *planner = nullptr;
    std::optional<core::Timeline> timeline;
    QString timelineProblem; // why there is no timeline (shown in its place)
    std::optional<core::PlanActuals> actuals; // imported spend against the timeline: the "Plan against actual" page
    std::optional<core::CatalogInfo> catalog;
    // Set: the benchmark report (measured devices against their specs and offers) instead of
    // the scenario report; planner may then be null.
    std::optional<core::BenchmarkComparison> benchmark;
    // Set: the portfolio report (purchase plan, utilisation, spend, cost of being wrong);
    // planner may then be null. scenario.name carries the portfolio's name for the header.
    std::optional<PortfolioReport> portfolio;
};

struct ReportOptions
{
    int top = 10;                                   // rows of the comparison table (>= 1)
    QString language = QStringLiteral("en");        // en or zh_CN
    QPageSize::PageSizeId pageSize = QPageSize::A4; // A4 or Letter
    QString author;                                 // empty: left off the cover
    QDate date = QDate::currentDate();
    QString title; // empty: the language's default title
};

// "en", "zh_CN"; the languages a report can be written in.
QStringList reportLanguages();

} // namespace gpuplanner::ui
