// Timeline output for the CLI and reports: JSON, CSV (one row per month) and a text table.

#include "core/cost/Money.h"
#include "core/io/TextTable.h"
#include "core/plan/Timeline.h"

#include <QJsonArray>

namespace gpuplanner::core {

namespace {

QJsonArray numbers(const std::vector<double> &values)
{
    QJsonArray a;
    for (double v : values)
        a.append(std::round(v * 100.0) / 100.0);
    return a;
}

QString breakEvenLabel(const Timeline &t, const StrategySeries &s)
{
    if (s.id == u"on_demand")
        return QString();
    if (s.breakEvenMonth < 0)
        return QStringLiteral("never");
    return t.months.at(s.breakEvenMonth);
}

} // namespace

QJsonObject timelineToJson(const Timeline &t, const QString &currency)
{
    QJsonObject o;
    o.insert(QStringLiteral("currency"), currency);
    o.insert(QStringLiteral("months"), QJsonArray::fromStringList(t.months));
    o.insert(QStringLiteral("load_gpu_hours"), numbers(t.loadGpuHours));
    QJsonArray strategies;
    for (const StrategySeries &s : t.strategies) {
        QJsonObject j{{QStringLiteral("id"), s.id},
                      {QStringLiteral("name"), s.name},
                      {QStringLiteral("monthly"), numbers(s.monthly)},
                      {QStringLiteral("cumulative"), numbers(s.cumulative)},
                      {QStringLiteral("total"), s.total},
                      {QStringLiteral("note"), s.note}};
        if (s.id != u"on_demand")
            j.insert(QStringLiteral("break_even_month"), s.breakEvenMonth >= 0 ? QJsonValue(t.months.at(s.breakEvenMonth))
                                                                              : QJsonValue());
        strategies.append(j);
    }
    o.insert(QStringLiteral("strategies"), strategies);
    if (t.ownership) {
        o.insert(QStringLiteral("ownership"),
                 QJsonObject{{QStringLiteral("cost_per_gpu_hour"), t.ownership->costPerGpuHour},
                             {QStringLiteral("power_per_gpu_hour"), t.ownership->powerPerGpuHour},
                             {QStringLiteral("fixed_per_month"), t.ownership->fixedPerMonth},
                             {QStringLiteral("break_even_utilization"), t.ownership->breakEvenUtilization}});
    }
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(t.notes));
    return o;
}

QString timelineToCsv(const Timeline &t)
{
    QString out = QStringLiteral("month,load_gpu_hours");
    for (const StrategySeries &s : t.strategies)
        out += QStringLiteral(",%1_monthly,%1_cumulative").arg(s.id);
    out += u'\n';
    for (qsizetype m = 0; m < t.months.size(); ++m) {
        out += t.months.at(m) + u',' + QString::number(t.loadGpuHours[std::size_t(m)], 'f', 1);
        for (const StrategySeries &s : t.strategies)
            out += QStringLiteral(",%1,%2").arg(s.monthly[std::size_t(m)], 0, 'f', 2).arg(s.cumulative[std::size_t(m)], 0, 'f', 2);
        out += u'\n';
    }
    return out;
}

QString timelineToTable(const Timeline &t, const QString &currency)
{
    QStringList header{QStringLiteral("Month"), QStringLiteral("GPU-hours")};
    QList<bool> right{false, true};
    for (const StrategySeries &s : t.strategies) {
        header << s.name + QStringLiteral(" (cumulative)");
        right << true;
    }
    TextTable table(header, right);
    for (qsizetype m = 0; m < t.months.size(); ++m) {
        QStringList row{t.months.at(m), QString::number(t.loadGpuHours[std::size_t(m)], 'f', 0)};
        for (const StrategySeries &s : t.strategies)
            row << formatMoney(s.cumulative[std::size_t(m)], currency);
        table.addRow(row);
    }
    QString out = table.render() + u'\n';
    for (const StrategySeries &s : t.strategies) {
        out += QStringLiteral("%1: %2 in total").arg(s.name, formatMoney(s.total, currency));
        const QString be = breakEvenLabel(t, s);
        if (!be.isEmpty())
            out += be == u"never" ? QStringLiteral("; never cheaper than all on-demand")
                                  : QStringLiteral("; at or below all on-demand from %1").arg(be);
        if (!s.note.isEmpty())
            out += QStringLiteral(" (%1)").arg(s.note);
        out += u'\n';
    }
    if (t.ownership)
        out += QStringLiteral("Owning: %1 per GPU-hour at the scenario's utilization; beats on-demand above %2% utilization.\n")
                   .arg(formatMoney(t.ownership->costPerGpuHour, currency))
                   .arg(t.ownership->breakEvenUtilization * 100.0, 0, 'f', 0);
    for (const QString &n : t.notes)
        out += QStringLiteral("Note: %1\n").arg(n);
    return out;
}

} // namespace gpuplanner::core
