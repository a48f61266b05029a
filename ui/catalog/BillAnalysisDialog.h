#pragma once
// BillAnalysisDialog: what a bill says the team ran on GPUs and what it would have cost (Catalog ▸
// Actual spend… ▸ What we ran…): the GPU usage per month repriced on-demand, on spot, under the
// commitments the provider sells and at the cheapest other provider (each price's source and date
// in its tooltip), the steady and bursty parts, every unrecognised GPU line with its spend, and
// the saving available by month. The file is read and priced on a worker thread. "Start a
// portfolio from this bill…" writes the portfolio file `actuals recommend` starts from it.

#include "core/actuals/BillReprice.h"
#include "core/actuals/BillUsage.h"

#include <QDialog>
#include <QFutureWatcher>

#include <functional>

class QLabel;
class QPushButton;
class QPlainTextEdit;
class QTableView;
class QTabWidget;

namespace gpuplanner::ui {

class BillUsageModel;

struct BillAnalysis
{
    QString file;
    QString error; // the file could not be read (names the file, row and column)
    core::actuals::BillUsage usage;
    core::actuals::BillReprice reprice;
};

class BillAnalysisDialog : public QDialog
{
    Q_OBJECT

public:
    // offers: the catalog shown, which places instance types and prices them; rates: its exchange
    // rates, for a bill in another currency than USD.
    explicit BillAnalysisDialog(QList<core::Offer> offers, QWidget *parent = nullptr, QList<core::FxRate> rates = {});

    // Reads and prices the billing file off the GUI thread; analysed() follows.
    void analyseFile(const QString &path);
    // The same on the GUI thread (tests, small bills).
    static BillAnalysis analyse(const QString &path, const QList<core::Offer> &offers, const QList<core::FxRate> &rates = {});
    void present(const BillAnalysis &analysis);

    // Asks where to write the portfolio (the suggested path in; "" = cancelled). A save dialog
    // unless set: tests give the path.
    using PathChooser = std::function<QString(const QString &suggested)>;
    void setPortfolioPathChooser(PathChooser chooser) { m_choosePath = std::move(chooser); }
    // Writes the portfolio started from the bill shown, with `actuals recommend`'s defaults, and
    // says where in portfolioStatus() (or why not, naming the file). False when none was written.
    bool writePortfolio(const QString &path);

    BillUsageModel *model() const { return m_model; }
    QPushButton *portfolioButton() const { return m_portfolioButton; }
    QLabel *portfolioStatus() const { return m_portfolioStatus; }
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *summary() const { return m_summary; }

Q_SIGNALS:
    void analysed();

private:
    void startPortfolio();

    QList<core::Offer> m_offers;
    QList<core::FxRate> m_rates;
    BillUsageModel *m_model;
    QLabel *m_summary;
    QTabWidget *m_tabs;
    QTableView *m_table;
    QPlainTextEdit *m_usageText;
    QPlainTextEdit *m_repriceText;
    QPushButton *m_portfolioButton;
    QLabel *m_portfolioStatus;
    PathChooser m_choosePath;
    BillAnalysis m_shown; // the analysis on screen, which a portfolio is started from
    QFutureWatcher<BillAnalysis> m_watcher;
};

} // namespace gpuplanner::ui
