#include "ui/scenario/CommitmentsModel.h"

#include "core/refresh/BatchValidation.h"

#include <QDate>

#include <cmath>

namespace gpuplanner::ui {

CommitmentsModel::CommitmentsModel(QObject *parent)
    : JsonRowsModel(
          {
              {QStringLiteral("provider"), FieldKind::Text, tr("Provider"),
               tr("The provider that offered the term, by its catalog id (aws, lambda, ...).")},
              {QStringLiteral("instance_type"), FieldKind::Text, tr("Instance types"),
               tr("Which of its instance types the term covers, a pattern such as gpu_8x_h100*; blank: all of them.")},
              {QStringLiteral("term_months"), FieldKind::Number, tr("Term (months)"),
               tr("How long the commitment runs, in months (12, 36).")},
              {QStringLiteral("upfront"), FieldKind::Text, tr("Upfront"),
               tr("How much is paid before the term starts: none, partial or all.")},
              {QStringLiteral("discount"), FieldKind::Number, tr("Discount"),
               tr("Share off the provider's on-demand price (0.3 = 30 % off); or give a quoted price instead.")},
              {QStringLiteral("price_per_hour"), FieldKind::Number, tr("Quoted price/h"),
               tr("The price per instance-hour you were quoted; or give a discount instead.")},
              {QStringLiteral("upfront_fee"), FieldKind::Number, tr("Upfront fee"),
               tr("With a quoted price: the amount paid per instance before the term starts.")},
              {QStringLiteral("currency"), FieldKind::Text, tr("Currency"),
               tr("With a quoted price: the currency of the price and the fee (USD, EUR, CNY, ...).")},
              {QStringLiteral("source"), FieldKind::Text, tr("Source"),
               tr("Where the term comes from, shown in reports (the quote, the contract, the sales contact).")},
              {QStringLiteral("quoted_on"), FieldKind::Text, tr("Quote date"),
               tr("The day the quote or contract was made (2026-11-02): plans and reports show its age.")},
          },
          parent)
{
}

void CommitmentsModel::setProviders(QStringList providers)
{
    m_providers = std::move(providers);
    recheck();
}

bool CommitmentsModel::quoted(int row) const
{
    return !cell(row, PricePerHour).isUndefined();
}

QString CommitmentsModel::numberProblem(int row, int column, double low, double high, const QString &range) const
{
    const QJsonValue v = cell(row, column);
    if (v.isUndefined())
        return {};
    if (!v.isDouble())
        return tr("\"%1\" is not a number").arg(fieldText(v));
    if (v.toDouble() < low || v.toDouble() > high)
        return tr("%1 is outside %2").arg(fieldText(v), range);
    return {};
}

QString CommitmentsModel::cellProblem(int row, int column) const
{
    const QJsonValue v = cell(row, column);
    const QString text = fieldText(v);
    switch (column) {
    case Provider:
        if (text.isEmpty())
            return tr("missing; type the provider that offered this term (aws, lambda, ...)");
        if (!m_providers.isEmpty() && !m_providers.contains(text))
            return tr("\"%1\" is not a provider in the catalog").arg(text);
        return {};
    case InstanceType:
        return {};
    case TermMonths:
        if (v.isUndefined())
            return tr("missing; type the term in months (12, 36)");
        if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() < 1 || v.toDouble() > 120)
            return tr("\"%1\" is not a whole number of months from 1 to 120").arg(text);
        return {};
    case Upfront:
        if (!v.isUndefined() && text != u"none" && text != u"partial" && text != u"all")
            return tr("\"%1\" is not none, partial or all").arg(text);
        return {};
    case Discount:
        if (v.isUndefined() && !quoted(row))
            return tr("missing; type a discount (0.3 = 30 % off) or a quoted price per hour");
        if (!v.isUndefined() && quoted(row))
            return tr("give a discount or a quoted price per hour, not both");
        return numberProblem(row, column, 0, 0.95, tr("0 to 0.95 (0.3 = 30 % off)"));
    case PricePerHour:
        return numberProblem(row, column, 0, 1e6, tr("0 to 1,000,000 per instance-hour"));
    case UpfrontFee:
        if (!v.isUndefined() && !quoted(row))
            return tr("goes with a quoted price per hour, not a discount");
        return numberProblem(row, column, 0, 1e9, tr("0 to 1,000,000,000"));
    case Currency:
        if (!quoted(row))
            return v.isUndefined() ? QString() : tr("goes with a quoted price per hour, not a discount");
        if (text.isEmpty())
            return tr("missing; the quoted price's currency (USD, EUR, CNY, ...)");
        if (!core::isKnownCurrency(text))
            return tr("\"%1\" is not a currency GPU Planner knows (USD, EUR, CNY, GBP, JPY, ...)").arg(text);
        return {};
    case Source:
        if (text.trimmed().isEmpty())
            return tr("missing; say where the term comes from (the quote, the contract, the sales contact)");
        return {};
    case QuotedOn:
        if (!text.trimmed().isEmpty() && !QDate::fromString(text.trimmed(), Qt::ISODate).isValid())
            return tr("\"%1\" is not a date; type the day of the quote as 2026-11-02").arg(text);
        return {};
    }
    return {};
}

} // namespace gpuplanner::ui
