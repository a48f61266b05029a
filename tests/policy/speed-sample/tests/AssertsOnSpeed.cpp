// Not compiled: the sample TestPolicy.AssertionsOnSpeedAreFound runs the policy check on. Each
// assertion below reads the machine's clock and must be reported (the QuietEdits flake was one).
TEST(Sample, AssertsOnSpeed)
{
    QElapsedTimer timer;
    timer.start();
    plan();
    const qint64 ms = timer.elapsed();
    EXPECT_LT(ms, 300);
    EXPECT_LT(timer.elapsed(), 300);
    const auto start = std::chrono::steady_clock::now();
    plan();
    ASSERT_LE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(300));
}
