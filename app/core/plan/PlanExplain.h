#pragma once
// PlanExplain: a plan in words (reasons per option, the recommendation) and as JSON, CSV or
// a text table for the CLI, reports and the GUI. Kept apart from the planner so re-planning
// builds no strings; only the rows shown are explained.

#include "core/plan/Planner.h"

#include <QDate>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace gpuplanner::core {

// "36.5 h" or "12.3 days".
QString durationText(double hours);

// "no", "partial" or "all", as in "a 12-month commitment, no upfront".
QString upfrontText(Upfront upfront);

// "on-demand", "36-month standard reserved, no upfront", "capacity block, 3 day(s)", ...
QString optionBillingText(const Offer &offer, const PlanOption &option);
// "Price observed 2025-11-30, over 6 months ago: ..." when the day the offer's price was observed
// (its effective date where the catalog has no observation) is more than six months before
// today; empty otherwise (and for dates it cannot read).
QString staleNote(const Offer &offer, const QDate &today = QDate::currentDate());
// "2026-08-20, 3 months ago": the day the price was observed and its age.
QString priceAgeText(const Offer &offer, const QDate &today = QDate::currentDate());
// When the offer's price is over 6 months old and a comparable offer (same GPU model and count,
// same billing model) among `offers` was observed later and within 6 months: one sentence naming
// the freshest of them (the cheapest among equals); empty otherwise.
QString fresherComparableNote(const Offer &offer, const QList<Offer> &offers,
                              const QDate &today = QDate::currentDate());
// The same among the offers of the providers the request names (all offers when it names none).
QString fresherComparableNote(const Offer &offer, const Planner &planner, const PlanRequest &request);
// The same for an option: none when it is priced at the user's own quote (a negotiated term).
QString staleNote(const Offer &offer, const PlanRequest &request, const PlanOption &option,
                  const QDate &today = QDate::currentDate());

// "Google Cloud tpu-v5p-768 in us-central1 (spot)": an option named for sentences.
QString optionShortName(const Offer &offer, const PlanOption &option);

// For chart labels: "on-demand", "spot", "reserved 36 mo", "savings plan 12 mo", "capacity block".
QString optionBillingShort(const PlanOption &option);
// Where a commitment option's price came from: the price list and its date, or the user's term.
QString commitmentSourceText(const Planner &planner, const PlanRequest &request, const PlanOption &option);
QString commitmentSourceText(const Offer &offer, const PlanRequest &request, const PlanOption &option);

// Plain sentences on why an option stands where it does.
QStringList optionReasons(const Planner &planner, const PlanRequest &request, const PlanOption &option);
QStringList optionReasons(const Offer &offer, const PlanRequest &request, const PlanOption &option);

// "41%"; "compute", "memory bandwidth", ... in the interface's language.
QString percentText(double share);
// An availability target with its nines: 0.999 -> "99.9%".
QString availabilityText(double share);
QString bottleneckText(Bottleneck bottleneck);

// The recommendation in one or two sentences; says so when nothing is usable.
QString recommendationText(const Planner &planner, const PlanRequest &request);

// Said where the catalog has no subscription or reserved price for an instance: that it has none
// (offline or since the last refresh) and how to get one for this provider (its own price
// source, with an account where that needs one, or a dated quote as a negotiated term).
QString noCommitmentPriceText(const Offer &offer, bool wholePlan = false);

// The plan asks for reserved or savings-plan billing (constraints.billing names one) and no usable
// option has such a price: noCommitmentPriceText for the recommended instance; else empty.
QString missingCommitmentNote(const Planner &planner, const PlanRequest &request);

// The plan's top options (top <= 0: all usable ones) with the fields the CLI documents.
QJsonObject planToJson(const Planner &planner, const PlanRequest &request, int top);
QString planToCsv(const Planner &planner, const PlanRequest &request, int top);
QString planToTable(const Planner &planner, const PlanRequest &request, int top);

} // namespace gpuplanner::core
