#pragma once
// PortfolioWindow: a team's portfolio in the desktop (issue 30): open a portfolio file, plan its
// workloads on the catalog shown and solve the commitment plan (GLPK) off the GUI thread, then
// show what `gpu-planner-cli portfolio plan` prints, from the same JSON: the headline (expected
// cost, the demand cases, the saving against all on-demand and the best single provider), the
// purchase plan, each commitment's expected utilisation per month (chart), the spend per
// provider and month, and the cost of being wrong. "Record these prices" writes what the plan on
// screen was priced on into the file (its "priced_on", as `portfolio plan --record`). A portfolio
// that recorded one gets a banner above the results: what moved since, line by line, and the
// choice to keep the recorded plan or use today's prices (and record them).

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
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace gpuplanner::ui {

class PortfolioSinceBanner;

struct PortfolioOutcome
{
    QJsonObject plan; // portfolioToJson's document
    QString error;    // names the file and the field or workload at fault
    std::optional<core::PortfolioSince> since; // the file's record held against this plan
    QString sinceError; // the record could not be read ("priced_on.<field>: …")
    std::optional<core::PortfolioRecord> record; // this plan as the file would record it
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
    PortfolioSinceBanner *sinceBanner() const { return m_since; }
    QPushButton *recordButton() const { return m_record; }
    QLabel *recordStatus() const { return m_recordStatus; }
    QPushButton *undoRecordButton() const { return m_undoRecord; }
    bool showsRecordedPlan() const { return m_showingRecorded; }
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
    void showPlan(const QJsonObject &plan);
    void showRecordedPlan();
    void useTodaysPrices();
    void putBackReplacedRecord();
    bool recordPlan();
    void setTodaysTabsEnabled(bool enabled);
    void fillPurchases(const QJsonObject &plan);
    void fillUtilization(const QJsonObject &plan);
    void fillSpend(const QJsonObject &plan);
    void fillSensitivity(const QJsonObject &plan);

    core::PortfolioCatalog m_catalog;
    QList<core::ModelPreset> m_presets;
    QLabel *m_file;
    QLabel *m_headline;
    QPushButton *m_record;
    QLabel *m_recordStatus;
    QPushButton *m_undoRecord;
    std::optional<core::PortfolioRecord> m_replaced; // the record the last recording replaced
    PortfolioSinceBanner *m_since;
    QProgressBar *m_busy;
    QTabWidget *m_tabs;
    QTableWidget *m_purchases;
    QChartView *m_utilization;
    QTableWidget *m_spend;
    QTableWidget *m_sensitivity;
    QFutureWatcher<PortfolioOutcome> m_watcher;
    PortfolioOutcome m_outcome;
    QString m_path;
    QByteArray m_fingerprint; // the file as opened (core::fileFingerprint), to tell it changed since
    bool m_showingRecorded = false;
};

} // namespace gpuplanner::ui
