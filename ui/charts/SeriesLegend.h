#pragma once
// SeriesLegend: one legend for several charts that draw the same series in the same colours.
// A word-wrapped label, so long strategy names wrap instead of being cut short as a QLegend
// squeezed under a narrow chart would do.

#include <QLabel>
#include <QStringList>

namespace gpuplanner::ui {

class SeriesLegend : public QLabel
{
    Q_OBJECT

public:
    explicit SeriesLegend(QWidget *parent = nullptr);

    // names[i] is drawn in colors[i]; dashedLine adds a dashed entry (the budget).
    void setEntries(const QStringList &names, const QList<QColor> &colors, const QString &dashedLine = QString());
    const QStringList &names() const { return m_names; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();

    QStringList m_names;
    QList<QColor> m_colors;
    QString m_dashed;
};

} // namespace gpuplanner::ui
