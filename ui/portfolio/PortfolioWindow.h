#pragma once
// PortfolioWindow: a team's portfolio in the desktop (issue 30): open a portfolio file, plan its
// workloads on the catalog shown and solve the commitment plan (GLPK) off the GUI thread, then
// show what `gpu-planner-cli portfolio plan` prints, from the same JSON: the headline (expected
// cost, the demand cases, the saving against all on-demand and the best single provider), the
// purchase plan, each commitment's expected utilisation per month (chart), the spend per
// provider and month, and the cost of being wrong. A portfolio that recorded what its plan was
// priced on (its "priced_on") gets a banner above the results: what moved since, line by line.

#include "core/estimate/ModelPresets.h"
#include "core/portfolio/PortfolioBuild.h"
#include "core/portfolio/PortfolioRecord.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QJsonObject>

#include <optional>

class QChartView;
class QLabel;
class QProgressBar;
class QTabWidget;
class QTableWidget;

namespace gpuplanner::ui {

struct PortfolioOutcome
{
    QJsonObject plan; // portfolioToJson's document
    QString error;    // names the file and the field or workload at fault
    std::optional<core::PortfolioSince> since; // the file's record held against this plan
    QString sinceError; // the record could not be read ("priced_on.<field>: …")
};

class PortfolioWindow : public QDialog
{
    Q_OBJECT

public:
    PortfolioWindow(core::PortfolioCatalog catalog, QList<core::ModelPreset> presets, QWidget *parent = nullptr);

    // Reads the file and starts solving; an unreadable file is shown at once.
    void open(const QString &path);
    bool isSolving() const { return m_watcher.isRunning(); }
    const PortfolioOutcome &outcome() const { return m_outcome; }

    QLabel *headline() const { return m_headline; }
    QLabel *sinceBanner() const { return m_since; }
    QTableWidget *purchases() const { return m_purchases; }
    QTableWidget *spend() const { return m_spend; }
    QTableWidget *sensitivity() const { return m_sensitivity; }
    QChartView *utilization() const { return m_utilization; }

Q_SIGNALS:
    void solved();

private:
    void chooseFile();
    void showOutcome(const PortfolioOutcome &outcome);
    void showSince(const PortfolioOutcome &outcome);
    void fillPurchases(const QJsonObject &plan);
    void fillUtilization(const QJsonObject &plan);
    void fillSpend(const QJsonObject &plan);
    void fillSensitivity(const QJsonObject &plan);

    core::PortfolioCatalog m_catalog;
    QList<core::ModelPreset> m_presets;
    QLabel *m_file;
    QLabel *m_headline;
    QLabel *m_since;
    QProgressBar *m_busy;
    QTabWidget *m_tabs;
    QTableWidget *m_purchases;
    QChartView *m_utilization;
    QTableWidget *m_spend;
    QTableWidget *m_sensitivity;
    QFutureWatcher<PortfolioOutcome> m_watcher;
    PortfolioOutcome m_outcome;
};

} // namespace gpuplanner::ui
