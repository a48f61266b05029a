#pragma once
// CommitmentsModel: the commitment terms a provider offered the user beyond its price list
// (the JSON array assumptions.commitments): provider, instance types, term, upfront option, a
// discount off on-demand or a quoted price (with its upfront fee and currency), and the source.
// Each cell is checked as the scenario loader and the planner check it, so the row and column at
// fault are named while typing.

#include "ui/scenario/JsonRowsModel.h"

#include <QStringList>

namespace gpuplanner::ui {

class CommitmentsModel : public JsonRowsModel
{
    Q_OBJECT

public:
    enum Column {
        Provider,
        InstanceType,
        TermMonths,
        Upfront,
        Discount,
        PricePerHour,
        UpfrontFee,
        Currency,
        Source,
        QuotedOn,
        ColumnCount
    };

    explicit CommitmentsModel(QObject *parent = nullptr);

    // The catalog's provider ids; a term for any other provider is named as an error.
    void setProviders(QStringList providers);
    const QStringList &providers() const { return m_providers; }

    QString cellProblem(int row, int column) const override;

private:
    bool quoted(int row) const;
    QString numberProblem(int row, int column, double low, double high, const QString &range) const;

    QStringList m_providers;
};

} // namespace gpuplanner::ui
