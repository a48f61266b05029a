#include "ui/portfolio/PortfolioSinceBanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace gpuplanner::ui {

namespace {

constexpr int kLinesShown = 10; // the rest are summed up in one line

} // namespace

PortfolioSinceBanner::PortfolioSinceBanner(QWidget *parent)
    : QFrame(parent), m_text(new QLabel(this)), m_keep(new QPushButton(tr("&Keep the recorded plan"), this)),
      m_today(new QPushButton(tr("Use &today's prices"), this))
{
    setObjectName(QStringLiteral("portfolioSinceBanner"));
    setAccessibleName(tr("Since this portfolio was priced"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_keep->setToolTip(tr("Show the purchases and totals as the file records them, on the prices of the day they were "
                          "recorded. The file is left as it is."));
    m_today->setToolTip(tr("Show the plan on today's catalog and record it in the portfolio file in place of the "
                           "recorded one."));
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_keep);
    buttons->addWidget(m_today);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_text);
    layout->addLayout(buttons);
    hide();
    connect(m_keep, &QPushButton::clicked, this, &PortfolioSinceBanner::keepChosen);
    connect(m_today, &QPushButton::clicked, this, &PortfolioSinceBanner::todayChosen);
}

void PortfolioSinceBanner::showSince(const core::PortfolioSince &since)
{
    QStringList lines;
    for (qsizetype i = 0; i < since.changes.size() && i < kLinesShown; ++i)
        lines << since.changes.at(i).text.toHtmlEscaped();
    if (since.changes.size() > kLinesShown)
        lines << tr("… and %n more change(s).", nullptr, int(since.changes.size() - kLinesShown));
    lines.prepend(QStringLiteral("<b>%1</b>").arg(core::portfolioSinceHeading(since).toHtmlEscaped()));
    m_text->setText(lines.join(QStringLiteral("<br>")));
    m_keep->setVisible(!since.unchanged());
    m_today->setVisible(!since.unchanged());
    setKept(false);
    show();
}

void PortfolioSinceBanner::showUnreadable(const QString &error)
{
    m_text->setText(tr("<b>The portfolio's record could not be read:</b> %1").arg(error.toHtmlEscaped()));
    m_keep->hide();
    m_today->hide();
    show();
}

void PortfolioSinceBanner::setKept(bool kept)
{
    m_keep->setEnabled(!kept);
    if (kept && m_keep->hasFocus())
        m_today->setFocus();
}

} // namespace gpuplanner::ui
