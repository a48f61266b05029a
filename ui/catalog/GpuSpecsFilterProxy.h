#pragma once
// GpuSpecsFilterProxy: filters GPU models by vendor, minimum memory and free text, and sorts
// by GpuSpecsModel::SortRole (numbers as numbers).

#include <QSortFilterProxyModel>

namespace gpuplanner::ui {

class GpuSpecsFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit GpuSpecsFilterProxy(QObject *parent = nullptr);

    void setVendor(const QString &vendor);    // empty = any
    void setMinMemoryGib(double gib);         // 0 = any
    void setText(const QString &text);        // substring of the id, architecture or form factor shown
    void setHideWithoutSpecs(bool hide);      // models the catalog has no spec row for

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_vendor;
    double m_minMemory = 0;
    QString m_text;
    bool m_hideWithoutSpecs = false;
};

} // namespace gpuplanner::ui
