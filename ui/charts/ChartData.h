#pragma once
// ChartData: what the charts draw, as plain values. Views fill these from core results; only
// the chart classes know Qt Charts, so a move to Qt Graphs touches this folder alone.

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace gpuplanner::ui {

// What a cost-against-x chart puts across: a run's time, or (serving, where every option runs the
// same months) the time per output token each option serves at.
enum class ScatterX { Time, Latency };

struct ScatterPoint
{
    QString id; // option id, echoed back on click
    double hours = 0; // x: the run's time in hours, or (ScatterX::Latency) seconds per output token
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
