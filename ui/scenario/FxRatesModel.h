#pragma once
// FxRatesModel: the scenario's own exchange rates (the JSON array assumptions.fx) as a table
// of currency, units per USD, date and source, each cell checked as typed.

#include "ui/scenario/JsonRowsModel.h"

namespace gpuplanner::ui {

class FxRatesModel : public JsonRowsModel
{
    Q_OBJECT

public:
    enum Column { Currency, PerUsd, Date, Source, ColumnCount };

    explicit FxRatesModel(QObject *parent = nullptr);

    const QJsonArray &rates() const { return rows(); }

    // Stricter than the scenario loader (ISO codes, dates), so a rate that could never match a
    // display currency is named before it silently goes unused.
    QString cellProblem(int row, int column) const override;
};

} // namespace gpuplanner::ui
