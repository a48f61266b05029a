#pragma once
// ChartData: what the charts draw, as plain values. Views fill these from core results; only
// the chart classes know Qt Charts, so a move to Qt Graphs touches this folder alone.

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace gpuplanner::ui {

struct ScatterPoint
{
    QString id; // option id, echoed back on click
    double hours = 0;
    double cost = 0;
    bool pareto = false;
    bool recommended = false;
    QString label; // tooltip text
};

struct CostBar
{
    QString id;
    QString label;
    double p50 = 0;
    double p90 = 0;
    bool recommended = false;
    QString tip; // the whole text on hover (the label may be cut to fit); empty: the label
};

struct LineSeriesData
{
    QString id;
    QString name;
    std::vector<double> values; // one per category (month)
    int markerIndex = -1;       // break-even month, -1 none
};

} // namespace gpuplanner::ui
