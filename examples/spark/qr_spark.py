"""QRKit on Spark: read the QR codes in many pictures, one `qr` process per task.

Spark reads the pictures (`binaryFiles`, so any filesystem Hadoop knows: `file://` on a
shared disk, `hdfs://`, `s3a://`), and each task writes its partition's pictures into a
temporary folder of its own and runs

    qr decode --files-from - --json --jobs 1

on them: the paths go in on standard input, one JSON object per picture comes back, in
the same order. The answers become one table, a row per code (and a row for each picture
without a code or that could not be read), with the picture's URI, written as CSV or
Parquet.

`qr` travels with the job: `--qr PATH` ships that file to every executor
(`SparkContext.addFile`); `--qr qr` (the default) runs the `qr` on each worker's PATH,
as the Debian package (`make deb`) installs it.

    python qr_spark.py --qr .build/release/qr --output results Samples/
    spark-submit --master spark://head:7077 qr_spark.py --qr qr-linux-x86_64 \\
        --output s3a://bucket/qr-results s3a://bucket/photos/
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

# The schema of the results table, in column order.
COLUMNS = [
    ("file", "string"),  # the picture's URI, as given or as Spark listed it
    ("status", "string"),  # "code", "no code" or "unreadable"
    ("code", "int"),  # the code's place in the picture (0, 1, ...); null without one
    ("text", "string"),
    ("bytes_base64", "string"),
    ("engine", "string"),
    ("ec_level", "string"),
    ("error", "string"),  # why the picture could not be read, or why an engine failed
    ("elapsed_ms", "double"),
]

# The extensions `qr decode FOLDER` picks up (any case); files named one by one are read
# whatever their name, as `qr` does.
PICTURE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".jfif", ".webp", ".tif", ".tiff", ".gif",
                      ".bmp", ".dib", ".pbm", ".pgm", ".ppm", ".pnm", ".pam")


class QRProcessLost(RuntimeError):
    """`qr` ended before answering every picture of its task (killed, out of memory):
    raised so that Spark runs the task again."""


def rows(answer, uri, path):
    """The table rows for one answer of `qr decode --json`, about the picture `uri` that
    `qr` read at `path`."""
    report = answer.get("report") or {}
    base = {"file": uri, "elapsed_ms": report.get("elapsed_ms")}
    error = answer.get("error")
    if error is not None:
        # qr names the file it read; the table names the picture.
        if error.startswith(path):
            error = uri + error[len(path):]
        return [dict(base, status="unreadable", error=error)]
    # An engine that could not run (a worker without libZXing, say) is named, not hidden.
    failed = "; ".join(e["error"] for e in report.get("engines", []) if e.get("error"))
    if not answer["symbols"]:
        return [dict(base, status="no code", error=failed or None)]
    return [
        dict(base, status="code", code=i, text=s["text"], bytes_base64=s["bytes"],
             engine=s["engine"], ec_level=s.get("ec_level"), error=failed or None)
        for i, s in enumerate(answer["symbols"])
    ]


def cannot_run(uris, reason):
    """One row per picture saying that `qr` cannot run on this worker."""
    return [{"file": uri, "status": "unreadable", "error": f"qr cannot run on this worker: {reason}"}
            for uri in uris]


def decode_partition(pictures, qr, shipped, arguments):
    """The rows of one partition of (URI, bytes): the pictures written to a temporary
    folder of the task's own, read by one `qr` process (`qr` shipped with the job, or
    the one on the worker's PATH)."""
    program = qr
    if shipped:
        from pyspark import SparkFiles

        program = SparkFiles.get(qr)
        if not os.access(program, os.X_OK):
            try:
                os.chmod(program, 0o755)
            except OSError:
                pass
    local = os.environ.get("SPARK_LOCAL_DIRS", "").split(",")[0] or None
    folder = tempfile.mkdtemp(prefix="qr-spark-", dir=local)
    try:
        uris, paths = [], []
        for i, (uri, content) in enumerate(pictures):
            path = os.path.join(folder, str(i))
            with open(path, "wb") as f:
                f.write(content)
            uris.append(uri)
            paths.append(path)
        if not paths:
            return []
        try:
            run = subprocess.run([program, "decode", "--files-from", "-", "--json", "--jobs", "1", *arguments],
                                 input="\n".join(paths).encode(), stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE)
        except OSError as e:
            return cannot_run(uris, f"{program}: {e.strerror}")
        stderr = run.stderr.decode(errors="replace").strip()
        # 126/127: the shell's and the loader's "cannot execute" (a missing library).
        if run.returncode in (126, 127) or "error while loading shared libraries" in stderr:
            return cannot_run(uris, stderr.splitlines()[-1] if stderr else f"exit status {run.returncode}")
        # Lines end at "\n" only: a code's text may hold U+2028 and the like, which JSON
        # leaves unescaped.
        answers = [json.loads(line) for line in run.stdout.decode().split("\n") if line]
        # 0 to 3 are answers (codes, no code, unreadable, over budget), carried in the JSON.
        if run.returncode not in (0, 1, 2, 3) or len(answers) != len(paths):
            how = f"killed by signal {-run.returncode}" if run.returncode < 0 else f"ended with status {run.returncode}"
            raise QRProcessLost(f"qr {how} after {len(answers)} of {len(paths)} pictures"
                                + (f": {stderr[-500:]}" if stderr else ""))
        # qr answers in the order of its list.
        return [row for answer, uri, path in zip(answers, uris, paths) for row in rows(answer, uri, path)]
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def escaped(uri):
    """A URI as one entry of Hadoop's comma-separated input list."""
    return uri.replace("\\", "\\\\").replace(",", "\\,")


def main():
    parser = argparse.ArgumentParser(description="Read QR codes in pictures with qr, on Spark.")
    parser.add_argument("inputs", nargs="*",
                        help="pictures and folders (searched recursively): URIs (file://, hdfs://, s3a://) or local paths")
    parser.add_argument("--list", help="a text file of picture URIs, one per line")
    parser.add_argument("--qr", default="qr",
                        help="the qr executable: a path ships that file with the job; a bare name is looked up "
                             "on each worker's PATH (default: qr, as the Debian package installs it)")
    parser.add_argument("--ship", action="append", default=[], metavar="FILE",
                        help="another file to ship next to qr (as spark-submit --files does)")
    parser.add_argument("--strategy", default="sequential", help="qr's --strategy (default: sequential)")
    parser.add_argument("--master", help="Spark master (default: spark-submit's, else local[2])")
    parser.add_argument("--partitions", type=int, help="at least this many tasks (default: 2 per core)")
    parser.add_argument("--output", required=True, help="the folder or URI the table is written to (replaced)")
    parser.add_argument("--format", choices=["csv", "parquet"], default="csv")
    parser.add_argument("--partition-by", action="append", default=[], metavar="COLUMN",
                        help="write the table partitioned by this column (e.g. status)")
    parser.add_argument("--output-files", type=int, default=1,
                        help="files per table partition (default: 1)")
    parser.add_argument("--wait-executors", type=int, default=0, metavar="N",
                        help="wait (up to two minutes) for N executors before starting")
    parser.add_argument("--summary", help="write a JSON summary of the run to this local file")
    args = parser.parse_args()
    if not args.inputs and not args.list:
        parser.error("give pictures, folders or --list")
    names = [c for c, _ in COLUMNS]
    for column in args.partition_by:
        if column not in names:
            parser.error(f"--partition-by {column}: not a column ({', '.join(names)})")

    # Before the JVM starts: bind to loopback unless told otherwise.
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    log4j = os.path.join(os.path.dirname(os.path.abspath(__file__)), "log4j2.properties")
    builder = (
        SparkSession.builder.appName("qrkit-decode")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.extraJavaOptions", f"-Dlog4j2.configurationFile=file:{log4j}")
        .config("spark.executor.extraJavaOptions", f"-Dlog4j2.configurationFile=file:{log4j}")
        # binaryFiles packs files into tasks by size, counting this much a file on top of
        # its length when it works out a task's share; Spark's default suits big files,
        # and would put thousands of photos in one task.
        .config("spark.files.openCostInBytes", "8k")
        # Executors' Python workers: this interpreter (the one that has pyspark).
        .config("spark.pyspark.python", os.environ.get("PYSPARK_PYTHON", sys.executable))
    )
    if args.master:
        builder = builder.master(args.master)
    elif "PYSPARK_GATEWAY_PORT" not in os.environ:  # not under spark-submit, which gives one
        builder = builder.master("local[2]")
    spark = builder.getOrCreate()
    sc = spark.sparkContext
    sc.setLogLevel("WARN")
    jvm = sc._jvm
    try:
        tracker = sc._jsc.sc().statusTracker()
        executors = lambda: len(tracker.getExecutorInfos()) - 1  # the driver is listed too
        if args.wait_executors:
            import time
            deadline = time.monotonic() + 120
            while executors() < args.wait_executors and time.monotonic() < deadline:
                time.sleep(0.5)
            if executors() < args.wait_executors:
                raise SystemExit(f"qr_spark: {executors()} of {args.wait_executors} executors came up")

        # qr and the files shipped with it, into every executor's SparkFiles folder.
        qr = args.qr
        if os.sep in qr:
            if not os.access(qr, os.X_OK):
                raise SystemExit(f"qr_spark: {qr}: not an executable file")
            for extra in args.ship:
                sc.addFile(os.path.abspath(extra))
            sc.addFile(os.path.abspath(qr))
            qr = os.path.basename(qr)
            shipped = True
        else:
            shipped = False

        # The inputs as URIs; a local path becomes a file:// URI of the driver's disk.
        given = [i if "://" in i or i.startswith("file:") else "file://" + os.path.abspath(i) for i in args.inputs]
        if args.list:
            given += [u.strip() for u in sc.textFile(args.list).collect() if u.strip()]
        if not given:
            raise SystemExit("qr_spark: the list names no pictures")
        conf = sc._jsc.hadoopConfiguration()
        conf.set("mapreduce.input.fileinputformat.input.dir.recursive", "true")
        # Pictures named one by one keep the URI as given; those found in a folder carry
        # the URI Spark lists (which qualifies it: file:///a becomes file:/a).
        as_given, folders = {}, []
        for uri in given:
            path = jvm.org.apache.hadoop.fs.Path(uri)
            fs = path.getFileSystem(conf)
            if not fs.exists(path):
                raise SystemExit(f"qr_spark: {uri}: no such file or folder")
            if fs.getFileStatus(path).isDirectory():
                folders.append(uri)
            as_given[fs.makeQualified(path).toString()] = uri
        partitions = args.partitions or 2 * sc.defaultParallelism
        files = sc.binaryFiles(",".join(escaped(u) for u in given), minPartitions=partitions)
        named = {listed: uri for listed, uri in as_given.items() if uri not in folders}
        pictures = (files.filter(lambda pair: pair[0] in named or pair[0].lower().endswith(PICTURE_EXTENSIONS))
                    .map(lambda pair: (named.get(pair[0], pair[0]), pair[1])))

        arguments = ["--strategy", args.strategy]
        answers = pictures.mapPartitions(lambda part: decode_partition(part, qr, shipped, arguments))
        schema = ", ".join(f"{name} {kind}" for name, kind in COLUMNS)
        sc.setJobGroup("qrkit", "qr decode on every partition")
        table = spark.createDataFrame(answers, schema=schema).cache()
        count = table.select("file").distinct().count()
        if count == 0:
            raise SystemExit("qr_spark: no pictures to read")

        writer = table.repartition(args.output_files, *args.partition_by) if args.partition_by \
            else table.coalesce(args.output_files)
        writer = writer.write.mode("overwrite")
        if args.partition_by:
            writer = writer.partitionBy(*args.partition_by)
        if args.format == "csv":
            # RFC 4180 quoting (a quote doubled), which Python's csv module and most
            # readers expect, where Spark's default escapes with a backslash; and a code's
            # text as it is, where Spark would trim spaces and control characters at
            # either end of every value.
            (writer.option("header", True).option("escape", '"')
             .option("ignoreLeadingWhiteSpace", False).option("ignoreTrailingWhiteSpace", False)
             .csv(args.output))
        else:
            writer.parquet(args.output)

        per_status = dict(
            table.groupBy("status").agg(F.countDistinct("file").alias("n")).rdd.map(tuple).collect())
        codes = table.filter(F.col("status") == "code").count()
        stages = [s for job in tracker.getJobIdsForGroup("qrkit") for s in tracker.getJobInfo(job).get().stageIds()]
        infos = [tracker.getStageInfo(s) for s in stages]
        failed = sum(info.get().numFailedTasks() for info in infos if info.isDefined())
        master = sc.master
        where = f"{master}, {executors()} executors" if executors() else master  # local mode: none but the driver
        print(f"qr on Spark ({where}): {count} pictures in "
              f"{answers.getNumPartitions()} tasks, each through one `qr decode --files-from - --json`"
              + (f"; {failed} task attempt{'s' if failed > 1 else ''} failed and ran again" if failed else ""))
        print(f"  with a code   {per_status.get('code', 0):6}   ({codes} codes)")
        print(f"  no code       {per_status.get('no code', 0):6}")
        print(f"  unreadable    {per_status.get('unreadable', 0):6}")
        print(f"  table         {args.output} ({args.format}, one row per code)")
        if args.summary:
            with open(args.summary, "w") as f:
                json.dump({"master": master, "executors": executors(), "pictures": count, "codes": codes,
                           "tasks": answers.getNumPartitions(), "failed_task_attempts": failed,
                           "qr": "shipped" if shipped else "installed"}, f)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
