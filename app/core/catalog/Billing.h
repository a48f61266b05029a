#pragma once
// Billing models an offer can be rented under, with their stable snake_case ids
// (used in the database, the CLI and JSON/CSV exports).

#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core {

// CapacityBlock: capacity booked ahead for a fixed span of days (AWS EC2 Capacity Blocks for ML).
enum class Billing { OnDemand, Spot, Reserved, SavingsPlan, CapacityBlock };
// Every billing model, in the order forms and filters list them.
inline constexpr Billing kBillings[] = {Billing::OnDemand, Billing::Spot, Billing::Reserved, Billing::SavingsPlan,
                                        Billing::CapacityBlock};

QString billingId(Billing billing);
std::optional<Billing> billingFromId(const QString &id);
QStringList billingIds();
// Reserved, savings plan and capacity block: paid for a span whether used or not.
inline bool isCommitment(Billing b)
{
    return b == Billing::Reserved || b == Billing::SavingsPlan || b == Billing::CapacityBlock;
}

// What kind of commitment an offer is, as the provider sells it ("" = not stated, and for
// on-demand and spot): standard or convertible reserved instances, compute or instance savings plans.
QStringList offeringClassIds(); // "", standard, convertible, compute, instance

// How a commitment's hourly_price is stated: the recurring hourly part (the upfront fee comes on
// top), or the effective rate with any upfront fee spread over the term (AWS RI price lists).
enum class PriceBasis { Recurring, Effective };
QString priceBasisId(PriceBasis basis);
std::optional<PriceBasis> priceBasisFromId(QStringView id);

enum class RdmaKind { None, InfiniBand, Efa, RoCE };

QString rdmaId(RdmaKind kind);
std::optional<RdmaKind> rdmaFromId(const QString &id);

} // namespace gpuplanner::core
