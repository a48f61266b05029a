#pragma once
// `actuals usage|reprice|recommend (FILE | --id N)`: what a bill says the team ran on GPUs, the
// same usage priced under every term and provider, and what to commit to next (the portfolio
// optimizer fed with the bill's steady usage). Table, CSV or JSON.

#include "CatalogSession.h"

#include <QCommandLineParser>
#include <QTextStream>

namespace gpuplanner::cli {

// The options these subcommands add to `actuals`.
void addActualsAnalysisOptions(QCommandLineParser &parser);

// sub is usage, reprice or recommend; file is the positional argument (empty with --id).
int runActualsAnalysis(const QString &sub, const QString &file, const QCommandLineParser &parser,
                       CatalogSession &session, QTextStream &out, QTextStream &err);

} // namespace gpuplanner::cli
