"""QRKit on Spark: read the QR codes in many pictures, one `qr` process per partition.

The pictures' paths become an RDD; each partition is piped through

    qr decode --files-from - --json --jobs 1

with `RDD.pipe`: the paths go in on standard input, one per line, and one JSON object
per picture comes back, in the same order (JSON Lines). `qr` reads its list as a stream,
so a partition may be as large as you like. The answers become one table, a row per
code (and a row for each picture without a code or that could not be read), written as
CSV or Parquet, and a summary is printed.

    python qr_spark.py --qr .build/release/qr --output results Samples/
    python qr_spark.py --qr .build/release/qr --list paths.txt --format parquet --output results

Runs in local mode here (`--master local[2]`); on a cluster, give a master and make `qr`
reachable at the same path on every worker.
"""

import argparse
import json
import os
import shlex
import sys

# The schema of the results table, in column order.
COLUMNS = [
    ("file", "string"),
    ("status", "string"),  # "code", "no code" or "unreadable"
    ("code", "int"),  # the code's place in the picture (0, 1, ...); null without one
    ("text", "string"),
    ("bytes_base64", "string"),
    ("engine", "string"),
    ("ec_level", "string"),
    ("error", "string"),  # why the picture could not be read
    ("elapsed_ms", "double"),
]


# The extensions `qr decode FOLDER` picks up (any case); it reads each file by its content.
PICTURE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".jfif", ".webp", ".tif", ".tiff", ".gif")


def picture_paths(inputs):
    """The files named, and the pictures below the folders named, sorted within each
    folder as `qr decode FOLDER` lists them."""
    paths = []
    for item in inputs:
        if os.path.isdir(item):
            found = []
            for folder, _, names in os.walk(item, followlinks=True):
                found += [os.path.join(folder, n) for n in names if n.lower().endswith(PICTURE_EXTENSIONS)]
            paths += sorted(found)
        else:
            paths.append(item)
    return paths


def rows(line):
    """The table rows for one line of `qr decode --json`."""
    answer = json.loads(line)
    report = answer.get("report") or {}
    base = {"file": answer["file"], "elapsed_ms": report.get("elapsed_ms")}
    if answer.get("error") is not None:
        return [dict(base, status="unreadable", error=answer["error"])]
    if not answer["symbols"]:
        return [dict(base, status="no code")]
    return [
        dict(base, status="code", code=i, text=s["text"], bytes_base64=s["bytes"],
             engine=s["engine"], ec_level=s.get("ec_level"))
        for i, s in enumerate(answer["symbols"])
    ]


def main():
    parser = argparse.ArgumentParser(description="Read QR codes in pictures with qr, on Spark.")
    parser.add_argument("inputs", nargs="*", help="pictures (PNG, JPEG, WebP, TIFF, GIF) and folders (searched recursively)")
    parser.add_argument("--list", help="a text file of picture paths, one per line, read by Spark")
    parser.add_argument("--qr", default="qr", help="the qr executable (default: qr on PATH)")
    parser.add_argument("--strategy", default="sequential", help="qr's --strategy (default: sequential)")
    parser.add_argument("--master", default="local[2]", help="Spark master (default: local[2])")
    parser.add_argument("--per-partition", type=int, default=8, help="pictures per partition (default: 8)")
    parser.add_argument("--output", required=True, help="the folder the table is written to (replaced)")
    parser.add_argument("--format", choices=["csv", "parquet"], default="csv")
    args = parser.parse_args()
    if not args.inputs and not args.list:
        parser.error("give pictures, folders or --list")
    qr = os.path.abspath(args.qr) if os.sep in args.qr else args.qr

    # Before the JVM starts: bind to loopback only, and run Python workers with this
    # interpreter (the one that has pyspark).
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    log4j = os.path.join(os.path.dirname(os.path.abspath(__file__)), "log4j2.properties")
    spark = (
        SparkSession.builder.master(args.master)
        .appName("qrkit-decode")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.extraJavaOptions", f"-Dlog4j2.configurationFile=file:{log4j}")
        .getOrCreate()
    )
    sc = spark.sparkContext
    sc.setLogLevel("WARN")
    try:
        per = args.per_partition
        if args.list:
            listed = sc.textFile(args.list).filter(lambda p: p.strip() != "")
            count = listed.count()
            # Partitions of `per` consecutive paths, none empty: `qr` would say that an
            # empty list names nothing (repartition leaves some empty).
            paths = (listed.zipWithIndex().map(lambda pair: (pair[1] // per, pair[0]))
                     .partitionBy(max(1, -(-count // per)), lambda key: key).values())
        else:
            local = picture_paths(args.inputs)
            # A path holding a line end cannot travel in a list of lines.
            for bad in [p for p in local if "\n" in p or "\r" in p]:
                print(f"qr_spark: skipped (a line end in its name): {bad!r}", file=sys.stderr)
            local = [p for p in local if "\n" not in p and "\r" not in p]
            count = len(local)
            paths = sc.parallelize(local, max(1, -(-count // per)))
        if count == 0:
            raise SystemExit("qr_spark: no pictures to read")
        partitions = paths.getNumPartitions()

        # qr exits 1 when a picture has no code and 2 when one is unreadable: those are
        # answers, carried in the JSON, so the exit status is not checked (checkCode
        # False). A qr that died would answer fewer pictures: counted below.
        command = " ".join(shlex.quote(w) for w in
                           [qr, "decode", "--files-from", "-", "--json", "--jobs", "1", "--strategy", args.strategy])
        answers = paths.pipe(command, checkCode=False)
        schema = ", ".join(f"{name} {kind}" for name, kind in COLUMNS)
        table = spark.createDataFrame(answers.flatMap(rows), schema=schema).cache()

        # One row per picture has no code number or code 0: one per answer.
        answered = table.filter(F.col("code").isNull() | (F.col("code") == 0)).count()
        if answered != count:
            raise SystemExit(f"qr_spark: {count} pictures went in, {answered} came back answered")
        writer = table.coalesce(1).write.mode("overwrite")
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
        codes = per_status.get("code", 0) and table.filter(F.col("status") == "code").count()
        print(f"qr on Spark ({args.master}): {count} pictures in {partitions} partitions, "
              f"each piped through `qr decode --files-from - --json`")
        print(f"  with a code   {per_status.get('code', 0):6}   ({codes} codes)")
        print(f"  no code       {per_status.get('no code', 0):6}")
        print(f"  unreadable    {per_status.get('unreadable', 0):6}")
        print(f"  table         {args.output} ({args.format}, one row per code)")
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
