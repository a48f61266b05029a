#pragma once
// ReportPainter: lays out and paints a report's pages on any paged device (a PDF writer or a
// printer), so the PDF, print preview and paper come from the same code. Internal to
// ui/report; ReportWriter is the public entry point.

#include "ui/report/ReportTypes.h"

#include <QColor>
#include <QFont>
#include <QList>
#include <QPair>
#include <QRectF>
#include <QSet>
#include <QString>
#include <QStringList>

class QPagedPaintDevice;
class QPainter;
class QTranslator;

namespace gpuplanner::ui {

class ReportPainter
{
public:
    // translator: the report language's strings; nullptr = English as written.
    ReportPainter(const ReportInput &input, const ReportOptions &options, const QTranslator *translator,
                  QStringList fontFamilies);

    // Paints every page on device, whose page layout is already set; totalPages feeds the
    // "page N of M" footer (0 = unknown, shown as "page N"). Returns the pages painted.
    int paint(QPagedPaintDevice *device, int totalPages);

    // The report language's text for an English source string (the context is this class,
    // whatever the application's own language is).
    QString tr(const char *source, const char *disambiguation = nullptr) const;

private:
    struct Column
    {
        QString title;
        double weight;
        bool right;
    };
    using Cells = QList<QStringList>; // per cell: first line, optional grey second line

    // Page flow, in device units; m_y is the top of the free space on the current page.
    double mm(double v) const;
    QFont font(double pointSize, bool bold = false) const;
    void newPage();
    void ensureSpace(double height);
    double spaceLeft() const;
    void drawHeaderFooter();

    // Building blocks.
    // keepWithNext: room the section's start needs on the same page (device units; < 0 = 30 mm).
    void heading(const QString &text, double keepWithNext = -1);
    void paragraph(const QString &html, double pointSize = 9.5);
    // One paragraph per item, so a long list breaks between items and not after its heading.
    void bullets(const QStringList &plainItems, double pointSize = 9.5);
    void keyValues(const QList<QPair<QString, QString>> &rows);
    void table(const QList<Column> &columns, const QList<Cells> &rows, const QList<int> &highlighted, double pointSize);
    double tableRowHeight(const QList<Column> &columns, const QList<double> &widths, const Cells &row, double pointSize,
                          bool header) const;
    void tableRow(const QList<Column> &columns, const QList<double> &widths, const Cells &row, double height,
                  double pointSize, bool header, bool shaded);
    void drawFitted(const QRectF &rect, const QString &text, const QFont &font, int flags, const QColor &color);

    // Sections (ReportPainter.cpp).
    void cover();
    void summary();
    // Training: the expected GPU-hours with their P10-P90, and the tuned best case.
    void gpuHoursParagraph(const core::PlanOption &best);
    void workload();
    void assumptions();
    void disclaimer();
    // ReportPainterTables.cpp.
    void comparison();
    void catalogFreshness();
    // ReportPainterCharts.cpp.
    void charts();
    void costTimeChart(const QRectF &area);
    void costBars(const QRectF &area);
    void timelineSection();
    void timelineChart(const QRectF &area);
    // ReportPainterActuals.cpp: the plan against actual page.
    void actualsSection();
    void actualsChart(const QRectF &area);
    // ReportPainterBenchmark.cpp: the benchmark report.
    void benchmarkReport();
    void benchmarkDevices();
    void benchmarkOffers();
    void benchmarkWinner();
    void benchmarkSources();
    QString rateLabel(const core::BenchmarkRate &r) const;
    QString rateValue(double v, const QString &unit) const;
    QString measuredFigure(const core::BenchmarkDevice &d, const QString &key) const;
    QString readableSpecSource(const QString &source) const;
    QString deviceName(const core::BenchmarkDevice &d) const;
    QString unitMoney(double amount) const;
    // ReportPainterPortfolio.cpp: the portfolio report.
    void portfolioReport();
    void portfolioCover();
    void portfolioPurchases();
    void portfolioUtilisation();
    void portfolioUtilisationChart(const QRectF &area, const QList<int> &commitments);
    void portfolioSpend();
    void portfolioCost();
    void portfolioSensitivity();
    void portfolioFromBill(); // ReportPainterBill.cpp
    QString portfolioCommitmentName(const QJsonObject &purchase) const;
    QString portfolioCaseName(const QString &id) const;
    QString portfolioProviderName(const QString &id) const;
    QString unitName() const;

    // Words and numbers in the report language.
    QString title() const;
    QString money(double amount) const;
    QString duration(double hours) const;
    QString percent(double share) const;
    QString sentence(const QString &text) const; // with the language's full stop
    QString billingText(const core::PlanOption &option) const;
    QString optionName(const core::PlanOption &option) const;
    QString strategyName(const core::StrategySeries &s) const;
    QString compactNumber(double v) const;
    // The cover's totals: the main run and the whole project, the figures every surface states.
    QList<QPair<QString, QString>> totalsFacts() const;
    const core::PlanResult &plan() const;
    int rows() const; // comparison rows shown
    bool serving() const;
    // A billing model in the report's language.
    QString billingModelName(core::Billing b) const;
    QString campaignTermsText() const;
    // The display currency and those of the compared options' prices and quoted terms.
    QSet<QString> currenciesUsed() const;

    const ReportInput &m_in;
    const ReportOptions &m_opt;
    const QTranslator *m_translator;
    QStringList m_families;

    QPagedPaintDevice *m_device = nullptr;
    QPainter *m_p = nullptr;
    QRectF m_page;    // the whole paint rect
    QRectF m_content; // between header and footer
    double m_y = 0;
    int m_pageNumber = 0;
    int m_totalPages = 0;
    bool m_cover = false;
    QString m_dataIdentity; // "data: catalog 3f2a9c1d4e5f, prices 2024-08 to 2026-07" on every page
};

} // namespace gpuplanner::ui
