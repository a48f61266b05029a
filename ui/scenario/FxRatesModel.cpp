#include "ui/scenario/FxRatesModel.h"

#include "core/cost/Money.h"

#include <QDate>

namespace gpuplanner::ui {

FxRatesModel::FxRatesModel(QObject *parent)
    : JsonRowsModel(
          {
              {QStringLiteral("currency"), FieldKind::Text, tr("Currency"), tr("ISO 4217 code of the currency, such as EUR or CNY.")},
              {QStringLiteral("per_usd"), FieldKind::Number, tr("Units per USD"),
               tr("How many units of the currency one US dollar buys (EUR: about 0.9).")},
              {QStringLiteral("date"), FieldKind::Text, tr("Date"), tr("The day the rate applies to (2026-11-27); optional.")},
              {QStringLiteral("source"), FieldKind::Text, tr("Source"),
               tr("Where the rate comes from, shown in reports (a bank, your treasury).")},
          },
          parent)
{
}

QString FxRatesModel::cellProblem(int row, int column) const
{
    const QJsonValue v = cell(row, column);
    const QString text = fieldText(v);
    switch (column) {
    case Currency:
        if (text.isEmpty())
            return tr("missing; type a three-letter ISO code such as EUR");
        if (!v.isString() || !core::isCurrencyCode(text))
            return tr("\"%1\" is not an ISO 4217 code (three capital letters, such as EUR)").arg(text);
        if (text == u"USD")
            return tr("USD is the base of every rate (always 1) and cannot be changed");
        for (int earlier = 0; earlier < row; ++earlier) {
            if (cell(earlier, Currency) == v)
                return tr("%1 is also in row %2; this later row is the one used").arg(text).arg(earlier + 1);
        }
        return {};
    case PerUsd:
        if (v.isUndefined())
            return tr("missing; type how many units of the currency one US dollar buys");
        if (!v.isDouble())
            return tr("\"%1\" is not a number").arg(text);
        if (v.toDouble() <= 0)
            return tr("%1 is not above zero; type how many units of the currency one US dollar buys").arg(text);
        return {};
    case Date:
        if (!v.isUndefined() && !QDate::fromString(text, Qt::ISODate).isValid())
            return tr("\"%1\" is not a date (2026-11-27)").arg(text);
        return {};
    case Source:
        if (text.isEmpty())
            return tr("missing; say where the rate comes from (a bank, your treasury)");
        return {};
    }
    return {};
}

} // namespace gpuplanner::ui
