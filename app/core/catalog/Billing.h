#pragma once
// Billing models an offer can be rented under, with their stable snake_case ids
// (used in the database, the CLI and JSON/CSV exports).

#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core {

enum class Billing { OnDemand, Spot, Reserved, SavingsPlan };
// Every billing model, in the order forms and filters list them.
inline constexpr Billing kBillings[] = {Billing::OnDemand, Billing::Spot, Billing::Reserved, Billing::SavingsPlan};

QString billingId(Billing billing);
std::optional<Billing> billingFromId(const QString &id);
QStringList billingIds();

enum class RdmaKind { None, InfiniBand, Efa, RoCE };

QString rdmaId(RdmaKind kind);
std::optional<RdmaKind> rdmaFromId(const QString &id);

} // namespace gpuplanner::core
